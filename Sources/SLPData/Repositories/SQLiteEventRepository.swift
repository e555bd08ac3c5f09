#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// Users' events in slp's SQLite file.
public final class SQLiteEventRepository: EventRepository {
    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func events(of me: UserID, after id: Int64, now: Date) throws -> EventBatch {
        let found = try database.read { connection in
            try connection.cached("SELECT id, penalty_event_due FROM users WHERE uid = ?")
                .first([.text(me.rawValue)]) { ($0.int64(0), $0.optionalInt64(1)) }
        }
        guard let (userID, due) = found else { throw DomainError.notRegistered }
        // A file slp may not write is only read: the end is told by the next reader that may.
        if let due, due <= now.unixMilliseconds, database.readOnlyCause == nil {
            // The first reader after the end records it; the check is repeated inside the write.
            try database.write { connection in
                let stillDue = try connection.cached("SELECT penalty_event_due FROM users WHERE id = ?")
                    .first([.integer(userID)]) { $0.optionalInt64(0) } ?? nil
                guard let stillDue, stillDue <= now.unixMilliseconds else { return }
                try EventRows.insert(.penaltyOver, userID: userID, at: Date(unixMilliseconds: stillDue), in: connection)
                try connection.cached("UPDATE users SET penalty_event_due = NULL WHERE id = ?").run([.integer(userID)])
            }
        }
        return try database.read { connection in
            EventBatch(
                events: try EventRows.events(userID: userID, me: me, after: id, in: connection),
                penaltyEnds: due.flatMap { $0 > now.unixMilliseconds ? Date(unixMilliseconds: $0) : nil })
        }
    }

    public func latestEventID(of me: UserID) throws -> Int64 {
        try database.read { connection in
            try connection.cached("SELECT max(e.id) FROM events e JOIN users u ON u.id = e.user_id WHERE u.uid = ?")
                .first([.text(me.rawValue)]) { $0.optionalInt64(0) } ?? nil
        } ?? 0
    }

    public func changeToken() throws -> Int64 {
        try database.dataVersion()
    }

    public nonisolated(nonsending) func waitForChange(after token: Int64, upTo limit: Duration) async throws -> Int64 {
        try await database.waitForChange(after: token, upTo: limit)
    }
}
