import Foundation
import SLPDomain

/// Users kept in memory, with the repository's atomic behaviour.
final class InMemoryUserRepository: UserRepository {
    private(set) var users: [User] = []

    func add(_ user: User) throws {
        guard !users.contains(where: { $0.phone == user.phone }) else { throw DomainError.alreadyRegistered }
        users.append(user)
    }

    func user(uid: UserID) throws -> User? { users.first { $0.uid == uid } }

    func user(phone: PhoneNumber) throws -> User? { users.first { $0.phone == phone } }

    func update(uid: UserID, _ change: (inout User) throws -> Void) throws -> User {
        guard let index = users.firstIndex(where: { $0.uid == uid }) else { throw DomainError.notRegistered }
        var user = users[index]
        try change(&user)
        users[index] = user
        return user
    }

    func remove(uid: UserID) throws -> Bool {
        let before = users.count
        users.removeAll { $0.uid == uid }
        return users.count < before
    }
}
