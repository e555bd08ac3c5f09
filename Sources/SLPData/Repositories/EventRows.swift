#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// Recording and reading users' events inside a caller's transaction: the one definition of
/// how an event is stored.
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
        var other: MatchView.Partner?
        var distance: SQLiteValue = .null, titles: SQLiteValue = .null, messageID: SQLiteValue = .null, chat: SQLiteValue = .null
        switch kind {
        case .request(let from, let metres):
            other = from
            distance = .int(metres)
        case .matched(let partner), .dodged(let partner):
            other = partner
        case .reviewed(let by, let given):
            other = by
            titles = .text(given.map(\.flag).joined(separator: ","))
        case .message(let message, let from):
            other = from
            messageID = .text(message.id)
            chat = .text(message.text)
        case .penaltyOver:
            break
        }
        try connection.cached("""
            INSERT INTO events (user_id, type, created_at, other_uid, other_nick, distance, titles, message_id, chat)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).run([
                .integer(userID), .text(kind.name), .integer(now.unixMilliseconds),
                other.map { .text($0.uid.rawValue) } ?? .null, other.map { .text($0.nick.value) } ?? .null,
                distance, titles, messageID, chat,
            ])
        // Oldest first, a few at a time: each recording keeps up with what falls out of the window.
        let cutoff = now.addingTimeInterval(-Double(EventRules.retentionDays) * 86_400)
        try connection.cached("""
            DELETE FROM events WHERE id IN (SELECT id FROM events WHERE user_id = ?1 ORDER BY id LIMIT 8) AND created_at < ?2
            """).run([.integer(userID), .integer(cutoff.unixMilliseconds)])
    }

    /// The events of the user of row `userID` after event `id`, oldest first.
    static func events(userID: Int64, me: UserID, after id: Int64, in connection: Connection) throws -> [UserEvent] {
        try connection.cached("""
            SELECT id, type, created_at, other_uid, other_nick, distance, titles, message_id, chat
            FROM events WHERE user_id = ? AND id > ? ORDER BY id
            """).map([.integer(userID), .integer(id)]) { row in
                let id = row.int64(0)
                do {
                    guard let kind = try kind(row, me: me) else {
                        throw StoredDataError(table: "events", id: id, detail: "a \(row.text(1)) event without what it tells")
                    }
                    return UserEvent(id: id, createdAt: Date(unixMilliseconds: row.int64(2)), kind: kind)
                } catch let error as DomainError {
                    throw StoredDataError(table: "events", id: id, detail: error.message)
                }
            }
    }

    /// The event a row tells; nil when the row lacks what its type needs.
    private static func kind(_ row: Row, me: UserID) throws -> UserEventKind? {
        let type = row.text(1)
        if type == "penalty_over" { return .penaltyOver }
        guard let uid = row.optionalText(3), let nick = row.optionalText(4) else { return nil }
        let other = MatchView.Partner(uid: try UserID(uid), nick: try Nick(nick))
        switch type {
        case "request":
            return .request(from: other, distance: Int(row.optionalInt64(5) ?? 0))
        case "matched":
            return .matched(partner: other)
        case "dodged":
            return .dodged(partner: other)
        case "reviewed":
            let flags = (row.optionalText(6) ?? "").split(separator: ",")
            return .reviewed(by: other, titles: ReputationTitle.allCases.filter { flags.contains(Substring($0.flag)) })
        case "message":
            let message = ChatMessage(
                id: row.optionalText(7) ?? "", from: other.uid, to: me, text: row.optionalText(8) ?? "",
                createdAt: Date(unixMilliseconds: row.int64(2)))
            return .message(message, from: other)
        default:
            return nil
        }
    }
}
