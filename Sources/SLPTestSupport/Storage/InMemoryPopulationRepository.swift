import Foundation
import SLPDomain

/// An in-memory `PopulationRepository`: the people are drawn first, then stored as users with
/// queue places in one transaction, leaving out anyone whose phone number (or uid) is already
/// registered; every person drawn counts towards `seededCount`.
package final class InMemoryPopulationRepository: PopulationRepository {
    package let database: InMemoryDatabase
    /// The people each `addWaiting` stored, one list per call.
    package private(set) var batches: [[WaitingUser]] = []
    /// While set, `addWaiting` draws its people and then fails with this, storing and counting
    /// nothing, as a storage failure rolls the transaction back.
    package var failure: (any Error)?

    package init(_ database: InMemoryDatabase = InMemoryDatabase()) {
        self.database = database
    }

    /// Everyone stored, in the order they were drawn.
    package var added: [WaitingUser] { batches.flatMap { $0 } }

    package func seededCount() throws -> Int { database.seeded }

    package func shownPlaceKey() throws -> any KeyedHash { TestKeyedHash() }

    package func addWaiting(count: Int, drawing next: () -> WaitingUser) throws -> Int {
        let people = (0..<count).map { _ in next() }
        if let failure { throw failure }
        var phones = Set(database.users.values.map(\.phone))
        var stored: [WaitingUser] = []
        for person in people {
            guard database.users[person.user.uid] == nil, phones.insert(person.user.phone).inserted else { continue }
            database.users[person.user.uid] = person.user
            database.queue[person.user.uid] = person.entry
            stored.append(person)
        }
        database.seeded += count
        database.changeToken += 1
        batches.append(stored)
        return stored.count
    }
}
