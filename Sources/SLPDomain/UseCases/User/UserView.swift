
/// What `user show` returns: my whole record, or someone else's public profile.
public enum UserView: Equatable, Sendable {
    case mine(MyRecord)
    case other(PublicProfile)
}
