/// A token claims to be the Firebase project's, but the project's certificates cannot be read
/// now (the file went missing or broken): it can be neither accepted nor refused, so the caller
/// is asked to try again (HTTP 503), while slp's own tokens work on.
public struct FirebaseKeysUnavailable: Error, Equatable, Sendable {
    public init() {}
}
