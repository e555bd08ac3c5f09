import SLPSupport

/// Finds the acting user from what they passed (`--as UID|PHONE`); anything missing, malformed
/// or unknown is `not_registered`, so a stranger learns nothing about which part was wrong.
public struct IdentifyUserUseCase {
    private let users: any UserRepository

    public init(users: any UserRepository) {
        self.users = users
    }

    public func callAsFunction(_ reference: String?) throws -> User {
        guard let reference = reference?.trimmingWhitespace, !reference.isEmpty else {
            throw DomainError.notRegistered
        }
        let found: User?
        if PhoneNumber.looksLikePhone(reference) {
            guard let phone = try? PhoneNumber(reference) else { throw DomainError.notRegistered }
            found = try users.user(phone: phone)
        } else {
            guard let uid = try? UserID(reference) else { throw DomainError.notRegistered }
            found = try users.user(uid: uid)
        }
        guard let user = found else { throw DomainError.notRegistered }
        return user
    }
}
