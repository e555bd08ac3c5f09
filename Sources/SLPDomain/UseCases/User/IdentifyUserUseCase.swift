/// Finds the acting user from what they passed (`--as UID|PHONE`); anything missing, malformed
/// or unknown is `not_registered`, so a stranger learns nothing about which part was wrong.
public struct IdentifyUserUseCase {
    private let storage: any Storage

    public init(storage: any Storage) {
        self.storage = storage
    }

    /// The uid `reference` gives, for use cases that read me in their own transaction: a uid
    /// as it is (the use case finds it, or says `not_registered`), a phone number's registered
    /// uid (one read); nothing usable is `not_registered`.
    public func uid(of reference: String?) throws -> UserID {
        switch UserReference(reference) {
        case .uid(let uid)?: return uid
        case .phone(let phone)?:
            guard let uid = try storage.read({ try $0.uid(phone: phone) }) else { throw DomainError.notRegistered }
            return uid
        case nil: throw DomainError.notRegistered
        }
    }

    /// The whole user `reference` names, for what needs more than the uid (a token's account,
    /// the nick a withdrawal asks back).
    public func callAsFunction(_ reference: String?) throws -> User {
        let found: User? = try storage.read { transaction in
            switch UserReference(reference) {
            case .uid(let uid)?: try transaction.user(uid)
            case .phone(let phone)?: try transaction.user(phone: phone)
            case nil: nil
            }
        }
        guard let found else { throw DomainError.notRegistered }
        return found
    }
}
