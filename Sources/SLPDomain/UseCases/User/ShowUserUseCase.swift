/// Shows my record, or another user's public profile only.
public struct ShowUserUseCase {
    private let storage: any Storage

    public init(storage: any Storage) {
        self.storage = storage
    }

    /// `target` nil or my own uid shows me; an unknown uid is `user_not_found`; all read together.
    public func callAsFunction(me: UserID, target: UserID?) throws -> UserView {
        try storage.read { transaction in
            guard let user = try transaction.user(me) else { throw DomainError.notRegistered }
            guard let target, target != me else {
                return .mine(MyRecord(user: user, reviewed: try transaction.reviewedUsers(by: me), reported: try transaction.reportedUsers(byAccount: me)))
            }
            guard let other = try transaction.user(target) else { throw DomainError.userNotFound }
            return .other(other.publicProfile)
        }
    }

    /// My whole record as stored now, read together; `not_registered` if I have just withdrawn.
    public func record(of me: UserID) throws -> MyRecord {
        try storage.read { transaction in
            guard let user = try transaction.user(me) else { throw DomainError.notRegistered }
            return MyRecord(user: user, reviewed: try transaction.reviewedUsers(by: me), reported: try transaction.reportedUsers(byAccount: me))
        }
    }
}
