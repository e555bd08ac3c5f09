/// Changes my page, inside one write: the stored page is read, changed and stored together, so
/// two concurrent updates can never leave the minimum age above the maximum.
public struct UpdateMyPageUseCase {
    private let storage: any Storage

    public init(storage: any Storage) {
        self.storage = storage
    }

    /// The updated user; `nothing_to_update` when no field is given, `invalid` when a value breaks a rule.
    public func callAsFunction(me: UserID, _ changes: MyPageChanges) throws -> User {
        guard !changes.isEmpty else { throw DomainError.invalid("nothing_to_update", "give at least one field to change") }
        try changes.validate()
        return try storage.write { transaction in
            guard var user = try transaction.user(me) else { throw DomainError.notRegistered }
            try changes.apply(to: &user)
            try transaction.update(user)
            return user
        }
    }
}
