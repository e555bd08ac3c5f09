
/// Makes new user identifiers.
public protocol UserIDGenerator: Sendable {
    /// A fresh identifier, never derived from anything the user told us.
    func next() -> UserID
}
