
/// Changes my page. The age range is checked against the stored one inside the same
/// transaction, so two concurrent updates can never leave minimum above maximum.
public struct UpdateMyPageUseCase {
    private let users: any UserRepository

    public init(users: any UserRepository) {
        self.users = users
    }

    /// The updated user; `invalid` when nothing is given or a value breaks a rule.
    public func callAsFunction(me: UserID, _ changes: MyPageChanges) throws -> User {
        guard !changes.isEmpty else {
            throw DomainError.invalid("nothing_to_update", "give at least one of --searchable, --age-min, --age-max, --gender, --study")
        }
        let study = try changes.study.map { try FavoriteStudy($0) }
        // Values that can be checked alone are checked before taking the write lock.
        if let ageMin = changes.ageMin, let ageMax = changes.ageMax {
            _ = try AgeRange(min: ageMin, max: ageMax)
        }
        return try users.update(uid: me) { user in
            user.ageRange = try AgeRange(min: changes.ageMin ?? user.ageRange.min, max: changes.ageMax ?? user.ageRange.max)
            if let searchable = changes.searchable { user.searchable = searchable }
            if let gender = changes.gender { user.gender = gender }
            if let study { user.study = study }
        }
    }
}
