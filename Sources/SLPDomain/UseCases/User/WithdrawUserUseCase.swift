/// Deletes my account and personal data; conversations stay with their other member, and the
/// reports I made stop counting. My sanctions stay with my phone number (`Sanctions`).
public struct WithdrawUserUseCase {
    private let storage: any Storage

    public init(storage: any Storage) {
        self.storage = storage
    }

    /// The user as they were, for a farewell.
    @discardableResult
    public func callAsFunction(me: UserID) throws -> User {
        try storage.write { transaction in
            guard let user = try transaction.user(me) else { throw DomainError.notRegistered }
            let sanctions = Sanctions(of: user)
            if !sanctions.isNone { try transaction.keepSanctions(sanctions, of: user.phone) }
            _ = try transaction.delete(me)
            return user
        }
    }
}
