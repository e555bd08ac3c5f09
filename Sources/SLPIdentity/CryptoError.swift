/// libcrypto could not do what was asked (out of memory, no random source, a certificate it
/// cannot read). Names the step, never a key.
public struct CryptoError: Error, Equatable, Sendable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }
}
