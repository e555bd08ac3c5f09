import Foundation
import SLPDomain

/// An in-memory `QueueRepository` with the SQLite contract: `check` runs on the user's
/// situation as stored, in the same transaction as the write, and a refusal stores nothing;
/// queueing again moves on from a match the partner ended; unknown users are `notRegistered`.
package final class InMemoryQueueRepository: QueueRepository {
    package let database: InMemoryDatabase
    /// Every method called, in order, to check that a use case did or did not touch storage.
    package private(set) var calls: [String] = []

    package init(_ database: InMemoryDatabase) {
        self.database = database
    }

    package func enter(
        _ uid: UserID, at coordinate: Coordinate, studies: StudyList, now: Date, check: (PartySnapshot) throws -> Void
    ) throws -> QueueEntry {
        calls.append("enter")
        return try database.write {
            guard let user = database.users[uid] else { throw DomainError.notRegistered }
            try check(database.party(user))
            database.leaveEndedMatch(uid)
            let entry = QueueEntry(uid: uid, coordinate: coordinate, studies: studies, enteredAt: now)
            database.queue[uid] = entry
            return entry
        }
    }

    package func leave(_ uid: UserID, check: (PartySnapshot) throws -> Void) throws -> Bool {
        calls.append("leave")
        return try database.write {
            guard let user = database.users[uid] else { throw DomainError.notRegistered }
            try check(database.party(user))
            return database.queue.removeValue(forKey: uid) != nil
        }
    }

    package func entry(for uid: UserID) throws -> QueueEntry? {
        calls.append("entry")
        return database.queue[uid]
    }
}
