import Foundation
import SLPDomain

/// An in-memory `UserRepository` with the same contract as the SQLite one:
/// unique phone and uid, atomic update, `notRegistered` when the user is gone.
final class FakeUserRepository: UserRepository {
    private(set) var usersByUID: [UserID: User] = [:]
    /// How many times each method was called, to check that a use case did not touch storage.
    private(set) var calls: [String] = []

    init(_ users: [User] = []) {
        for user in users { usersByUID[user.uid] = user }
    }

    var all: [User] { usersByUID.values.sorted { $0.uid < $1.uid } }

    func add(_ user: User) throws {
        calls.append("add")
        guard !usersByUID.values.contains(where: { $0.phone == user.phone }) else {
            throw DomainError.alreadyRegistered
        }
        precondition(usersByUID[user.uid] == nil, "uid collision in a test")
        usersByUID[user.uid] = user
    }

    func user(uid: UserID) throws -> User? {
        calls.append("user(uid:)")
        return usersByUID[uid]
    }

    func user(phone: PhoneNumber) throws -> User? {
        calls.append("user(phone:)")
        return usersByUID.values.first { $0.phone == phone }
    }

    func update(uid: UserID, _ change: (inout User) throws -> Void) throws -> User {
        calls.append("update")
        guard var user = usersByUID[uid] else { throw DomainError.notRegistered }
        // Work on a copy: a throwing change leaves the stored user as it was.
        try change(&user)
        usersByUID[uid] = user
        return user
    }

    func remove(uid: UserID) throws -> Bool {
        calls.append("remove")
        return usersByUID.removeValue(forKey: uid) != nil
    }
}
