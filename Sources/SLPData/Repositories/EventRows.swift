#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// Recording and reading users' events (`EventRecord`) inside a caller's transaction.
enum EventRows {
    /// Records `notices` as of `now`, skipping a recipient who is gone, and prunes each
    /// recipient's events past the retention.
    static func record(_ notices: [EventNotice], at now: Date, in connection: Connection) throws {
        for notice in notices {
            let recipient = try connection.cached("SELECT id FROM users WHERE uid = ?")
                .first([.text(notice.recipient.rawValue)]) { $0.int64(0) }
            guard let recipient else { continue }
            try insert(notice.kind, userID: recipient, at: now, in: connection)
        }
    }

    /// Records one event for the user of row `userID`.
    static func insert(_ kind: UserEventKind, userID: Int64, at now: Date, in connection: Connection) throws {
        let record = EventRecord(kind, at: now)
        let text = { (value: String?) in value.map(SQLiteValue.text) ?? .null }
        try connection.cached("""
            INSERT INTO events (user_id, \(EventRecord.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).run([
                .integer(userID), .text(record.type), .integer(record.createdAt), text(record.otherUID), text(record.otherNick),
                record.distance.map(SQLiteValue.int) ?? .null, text(record.titles), text(record.messageID), text(record.chat),
            ])
        // Oldest first, a few at a time: each recording keeps up with what falls out of the window.
        let cutoff = now.addingTimeInterval(-Double(EventRules.retentionDays) * 86_400)
        try connection.cached("""
            DELETE FROM events WHERE id IN (SELECT id FROM events WHERE user_id = ?1 ORDER BY id LIMIT 8) AND created_at < ?2
            """).run([.integer(userID), .integer(cutoff.unixMilliseconds)])
    }

    /// The events of the user of row `userID` after event `id`, oldest first.
    static func events(userID: Int64, me: UserID, after id: Int64, in connection: Connection) throws -> [UserEvent] {
        try connection.cached("SELECT id, \(EventRecord.columns) FROM events WHERE user_id = ? AND id > ? ORDER BY id")
            .map([.integer(userID), .integer(id)]) { row in
                return try EventRecord(row: row).toDomain(id: row.int64(0), me: me)
            }
    }
}
