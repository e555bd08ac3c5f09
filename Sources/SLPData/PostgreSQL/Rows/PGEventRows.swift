#if PostgreSQL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// Users' events on PostgreSQL, recorded and read inside a caller's transaction.
///
/// Ids come from a sequence, which alone does not follow commit order: two transactions may
/// commit in the opposite order of their ids. Each recording therefore also updates the
/// recipient's `users` row, so two serializable transactions telling the same user something
/// conflict and the later one runs again with a newer id. A user's events then commit in id
/// order and `events --since ID` never skips one, whichever hosts write.
enum PGEventRows {
    /// Records `notices` as of `now`, skipping a recipient who is gone, and prunes each
    /// recipient's events past the retention.
    static func record(_ notices: [EventNotice], at now: Date, in connection: PGConnection) throws {
        for notice in notices {
            guard let recipient = try PGUserRows.id(of: notice.recipient, in: connection) else { continue }
            try insert(notice.kind, userID: recipient, at: now, in: connection)
        }
    }

    /// Records one event for the user of row `userID`, and prunes their events past the retention.
    static func insert(_ kind: UserEventKind, userID: Int64, at now: Date, in connection: PGConnection) throws {
        let record = EventRecord(kind, at: now)
        let cutoff = now.addingTimeInterval(-Double(EventRules.retentionDays) * 86_400)
        try connection.execute("""
            WITH recipient AS (
                UPDATE slp.users SET last_event_id = nextval('slp.event_ids') WHERE id = $1 RETURNING last_event_id
            ), added AS (
                INSERT INTO slp.events (id, user_id, \(EventRecord.columns))
                SELECT last_event_id, $1, $2, $3, $4, $5, $6, $7, $8, $9 FROM recipient
            )
            DELETE FROM slp.events WHERE id IN (SELECT id FROM slp.events WHERE user_id = $1 ORDER BY id LIMIT 8) AND created_at < $10
            """, [
                userID, record.type, record.createdAt, record.otherUID, record.otherNick, record.distance, record.titles,
                record.messageID, record.chat, cutoff.unixMilliseconds,
            ])
    }

    /// The events of the user of row `userID` after event `id`, oldest first.
    static func events(userID: Int64, me: UserID, after id: Int64, in connection: PGConnection) throws -> [UserEvent] {
        try connection.execute("SELECT id, \(EventRecord.columns) FROM slp.events WHERE user_id = $1 AND id > $2 ORDER BY id", [userID, id])
            .map { row in
                return try EventRecord(row: row).toDomain(id: row.int64(0), me: me)
            }
    }
}
#endif
