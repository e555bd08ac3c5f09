import Foundation
import SLPDomain

/// An in-memory `EventRepository` with the SQLite contract: events in id order after a given
/// id, a penalty's end told once by the first look after it (dated at the end), and a change
/// token that moves on every commit.
package final class InMemoryEventRepository: EventRepository {
    package let database: InMemoryDatabase

    package init(_ database: InMemoryDatabase) {
        self.database = database
    }

    package func events(of me: UserID, after id: Int64, now: Date) throws -> EventBatch {
        guard database.users[me] != nil else { throw DomainError.notRegistered }
        if let due = database.penaltyEventDue[me], due <= now {
            database.write {
                database.append(.penaltyOver, for: me, at: due)
                database.penaltyEventDue[me] = nil
            }
        }
        let due = database.penaltyEventDue[me]
        return EventBatch(events: (database.events[me] ?? []).filter { $0.id > id }, penaltyEnds: due.flatMap { $0 > now ? $0 : nil })
    }

    package func latestEventID(of me: UserID) throws -> Int64 {
        database.events[me]?.last?.id ?? 0
    }

    package func changeToken() throws -> Int64 {
        database.changeToken
    }

    /// Returns at once: no other process can commit while this one waits.
    package nonisolated(nonsending) func waitForChange(after token: Int64, upTo limit: Duration) async throws -> Int64 {
        database.changeToken
    }
}
