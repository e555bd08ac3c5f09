
/// Shows my record, or another user's public profile only.
public struct ShowUserUseCase {
    private let users: any UserRepository

    public init(users: any UserRepository) {
        self.users = users
    }

    /// `target` nil or my own uid shows me; an unknown uid is `user_not_found`.
    public func callAsFunction(me: User, target: UserID?) throws -> UserView {
        guard let target, target != me.uid else { return .mine(try record(of: me.uid)) }
        guard let other = try users.user(uid: target) else { throw DomainError.userNotFound }
        return .other(other.publicProfile)
    }

    /// My whole record as stored now; `not_registered` if I have just withdrawn.
    public func record(of me: UserID) throws -> MyRecord {
        guard let record = try users.record(uid: me) else { throw DomainError.notRegistered }
        return record
    }
}
