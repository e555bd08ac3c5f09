
/// Deletes my account and personal data; conversations stay with their other member.
public struct WithdrawUserUseCase {
    private let users: any UserRepository

    public init(users: any UserRepository) {
        self.users = users
    }

    public func callAsFunction(me: UserID) throws {
        guard try users.remove(uid: me) else { throw DomainError.notRegistered }
    }
}
