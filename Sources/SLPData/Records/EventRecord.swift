#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// A row of `events`, mapped to `UserEvent` and back: what an event tells, in columns.
enum EventRecord {
    /// The columns of an event but its id and its recipient, in the order of `values(of:at:writtenAt:)`.
    static let columns: TableColumns = ["type", "created_at", "other_uid", "other_nick", "distance", "titles", "message_id", "chat", "written_at"]

    /// The columns `event(_:me:)` reads.
    static let selection = "id, \(columns.list)"

    /// Forgets the oldest events of the user of row `$1` told before the time in parameter
    /// `$cutoff`, a few at a time (`WriteTransaction.insertEvent`).
    static func forgetting(cutoff: Int) -> String {
        "DELETE FROM events WHERE id IN (SELECT id FROM events WHERE user_id = $1 ORDER BY id LIMIT 8) AND created_at < $\(cutoff)"
    }

    /// The values of `columns` for an event of `kind` told at `now` (the domain's clock), written
    /// at `writtenAt` (the wall clock).
    static func values(of kind: UserEventKind, at now: Date, writtenAt: Date) -> [SQLValue] {
        var other: MatchView.Partner?
        var distance: Int?, titles: String?, messageID: String?, chat: String?
        switch kind {
        case .request(let from, let metres):
            other = from
            distance = metres
        case .matched(let partner), .dodged(let partner):
            other = partner
        case .reviewed(let by, let given):
            other = by
            titles = given.map(\.key).joined(separator: ",")
        case .message(let message, let from):
            other = from
            messageID = message.id.description
            chat = message.text
        case .penaltyOver:
            break
        }
        return [
            .text(kind.name), .integer(now.unixMilliseconds), .optional(other) { .text($0.uid.rawValue) },
            .optional(other) { .text($0.nick.value) }, .optional(distance, SQLValue.int), .optional(titles, SQLValue.text),
            .optional(messageID, SQLValue.text), .optional(chat, SQLValue.text),
            .integer(Int64((writtenAt.timeIntervalSince1970 * 1_000_000).rounded())),
        ]
    }

    /// When a row was written by the wall clock; nil for rows from before it was kept.
    static func writtenAt(_ row: some SQLRow) -> Date? {
        row.optionalInt64("written_at").map { Date(timeIntervalSince1970: TimeInterval($0) / 1_000_000) }
    }

    /// The event of `me` a row tells; a row that lacks what its type needs, or breaks the
    /// domain's rules, is corrupt data.
    static func event(_ row: some SQLRow, me: UserID) throws -> UserEvent {
        let id = row.int64("id")
        do {
            guard let kind = try kind(row, me: me) else {
                throw StoredDataError(table: "events", id: id, detail: "a \(row.text("type")) event without what it tells")
            }
            return UserEvent(id: id, createdAt: Date(unixMilliseconds: row.int64("created_at")), kind: kind)
        } catch let error as DomainError {
            throw StoredDataError(table: "events", id: id, detail: error.message)
        }
    }

    private static func kind(_ row: some SQLRow, me: UserID) throws -> UserEventKind? {
        let type = row.text("type")
        if type == UserEventKind.penaltyOver.name { return .penaltyOver }
        guard let otherUID = row.optionalText("other_uid"), let otherNick = row.optionalText("other_nick") else { return nil }
        let other = MatchView.Partner(uid: try UserID(otherUID), nick: try Nick(otherNick))
        switch type {
        case "request":
            return .request(from: other, distance: row.optionalInt64("distance").map { Int($0) } ?? 0)
        case "matched":
            return .matched(partner: other)
        case "dodged":
            return .dodged(partner: other)
        case "reviewed":
            let keys = (row.optionalText("titles") ?? "").split(separator: ",")
            return .reviewed(by: other, titles: ReputationTitle.allCases.filter { keys.contains(Substring($0.key)) })
        case "message":
            guard let id = row.optionalText("message_id").flatMap(MessageID.init) else { return nil }
            let message = ChatMessage(
                id: id, from: other.uid, to: me, text: row.optionalText("chat") ?? "",
                createdAt: Date(unixMilliseconds: row.int64("created_at")))
            return .message(message, from: other)
        default:
            return nil
        }
    }
}
