import SLPDomain

/// An in-memory `UserRepository` with the SQLite contract: one account per phone number, a
/// record listing whom the user reviewed and reported (withdrawn users left out), an update
/// that reads and writes in one transaction (a throwing change stores nothing),
/// `notRegistered` when the user is gone, and a withdrawal that takes the user's queue place,
/// requests, reports and match rows with them.
package final class InMemoryUserRepository: UserRepository {
    package let database: InMemoryDatabase
    /// Every method called, in order, to check that a use case did or did not touch storage.
    package private(set) var calls: [String] = []

    package init(_ database: InMemoryDatabase = InMemoryDatabase()) {
        self.database = database
    }

    package func add(_ user: User) throws {
        calls.append("add")
        try database.write {
            guard database.phoneOwner(user.phone) == nil else { throw DomainError.alreadyRegistered }
            precondition(database.users[user.uid] == nil, "uid collision in a test")
            database.users[user.uid] = user
        }
    }

    package func user(uid: UserID) throws -> User? {
        calls.append("user(uid:)")
        return database.users[uid]
    }

    package func user(phone: PhoneNumber) throws -> User? {
        calls.append("user(phone:)")
        return database.phoneOwner(phone)
    }

    package func record(uid: UserID) throws -> MyRecord? {
        calls.append("record(uid:)")
        guard let user = database.users[uid] else { return nil }
        var reviewed: [UserID] = []
        for match in database.matches {
            for member in match.members where member.user == uid && member.reviewedPartner
                && database.users[member.partner] != nil && !reviewed.contains(member.partner) {
                reviewed.append(member.partner)
            }
        }
        let reported = database.reports.filter { $0.from == uid && database.users[$0.to] != nil }.map(\.to)
        return MyRecord(user: user, reviewed: reviewed, reported: reported)
    }

    package func update(uid: UserID, _ change: (inout User) throws -> Void) throws -> User {
        calls.append("update")
        return try database.write {
            guard var user = database.users[uid] else { throw DomainError.notRegistered }
            try change(&user)
            database.users[uid] = user
            return user
        }
    }

    package func remove(uid: UserID) throws -> Bool {
        calls.append("remove")
        return database.write { database.removeUser(uid) }
    }
}
