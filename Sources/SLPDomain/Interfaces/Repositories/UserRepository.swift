
/// Where users are kept. Every method is atomic: it either happens whole or not at all.
public protocol UserRepository {
    /// Stores a new user; throws `DomainError.alreadyRegistered` when the phone already has an account.
    func add(_ user: User) throws
    /// The user with this uid, or nil.
    func user(uid: UserID) throws -> User?
    /// The user with this phone number, or nil.
    func user(phone: PhoneNumber) throws -> User?
    /// The user with this uid with whom they have reviewed and reported, read together; nil if
    /// there is no such user.
    func record(uid: UserID) throws -> MyRecord?
    /// Reads the user, lets `change` modify it, and stores the result, all in one transaction,
    /// so that no other writer slips in between; throws `DomainError.notRegistered` if gone.
    func update(uid: UserID, _ change: (inout User) throws -> Void) throws -> User
    /// Removes the user and their personal data; false if there was no such user.
    func remove(uid: UserID) throws -> Bool
}
