#if PostgreSQL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// Users' events on a PostgreSQL server.
public final class PGEventRepository: EventRepository {
    private let database: PGDatabase

    public init(database: PGDatabase) {
        self.database = database
    }

    public func events(of me: UserID, after id: Int64, now: Date) throws -> EventBatch {
        let (userID, due) = try database.read { connection in
            try connection.execute("SELECT id, penalty_event_due FROM slp.users WHERE uid = $1", [me.rawValue])
                .first { ($0.int64(0), $0.optionalInt64(1)) }
        } ?? { throw DomainError.notRegistered }()
        if let due, due <= now.unixMilliseconds {
            // The first reader after the end records it; the check is repeated inside the write.
            try database.write { connection in
                let stillDue = try connection.execute("SELECT penalty_event_due FROM slp.users WHERE id = $1", [userID])
                    .first { $0.optionalInt64(0) } ?? nil
                guard let stillDue, stillDue <= now.unixMilliseconds else { return }
                try PGEventRows.insert(.penaltyOver, userID: userID, at: Date(unixMilliseconds: stillDue), in: connection)
                try connection.execute("UPDATE slp.users SET penalty_event_due = NULL WHERE id = $1", [userID])
            }
        }
        return try database.read { connection in
            EventBatch(
                events: try PGEventRows.events(userID: userID, me: me, after: id, in: connection),
                penaltyEnds: due.flatMap { $0 > now.unixMilliseconds ? Date(unixMilliseconds: $0) : nil })
        }
    }

    public func latestEventID(of me: UserID) throws -> Int64 {
        try database.read { connection in
            try connection.execute("""
                SELECT coalesce(max(e.id), 0) FROM slp.events e JOIN slp.users u ON u.id = e.user_id WHERE u.uid = $1
                """, [me.rawValue]).first { $0.int64(0) }
        } ?? 0
    }

    public func changeToken() throws -> Int64 {
        try database.changeToken()
    }

    public nonisolated(nonsending) func waitForChange(after token: Int64, upTo limit: Duration) async throws -> Int64 {
        try await database.waitForChange(after: token, upTo: limit)
    }
}
#endif
