
/// Shows my record, or another user's public profile only.
public struct ShowUserUseCase {
    private let users: any UserRepository

    public init(users: any UserRepository) {
        self.users = users
    }

    /// `target` nil or my own uid shows me; an unknown uid is `user_not_found`.
    public func callAsFunction(me: User, target: UserID?) throws -> UserView {
        guard let target, target != me.uid else { return .mine(me) }
        guard let other = try users.user(uid: target) else { throw DomainError.userNotFound }
        return .other(other.publicProfile)
    }
}
