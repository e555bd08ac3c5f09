#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// A row of `events` as every backend stores it: what an event tells, in columns.
struct EventRecord {
    var type: String
    /// Unix milliseconds.
    var createdAt: Int64
    var otherUID: String?
    var otherNick: String?
    var distance: Int?
    /// Reputation flags, comma-separated.
    var titles: String?
    var messageID: String?
    var chat: String?

    /// The columns after `id` and `user_id`, in the order of the fields above.
    static let columns = "type, created_at, other_uid, other_nick, distance, titles, message_id, chat"

    /// The record of an event of `kind` told at `now`.
    init(_ kind: UserEventKind, at now: Date) {
        type = kind.name
        createdAt = now.unixMilliseconds
        var other: MatchView.Partner?
        switch kind {
        case .request(let from, let metres):
            other = from
            distance = metres
        case .matched(let partner), .dodged(let partner):
            other = partner
        case .reviewed(let by, let given):
            other = by
            titles = given.map(\.flag).joined(separator: ",")
        case .message(let message, let from):
            other = from
            messageID = message.id
            chat = message.text
        case .penaltyOver:
            break
        }
        otherUID = other?.uid.rawValue
        otherNick = other?.nick.value
    }

    init(type: String, createdAt: Int64, otherUID: String?, otherNick: String?, distance: Int?, titles: String?, messageID: String?, chat: String?) {
        self.type = type
        self.createdAt = createdAt
        self.otherUID = otherUID
        self.otherNick = otherNick
        self.distance = distance
        self.titles = titles
        self.messageID = messageID
        self.chat = chat
    }

    /// Reads `columns` from a row's column 1 on (column 0 is the id).
    init(row: some StoredRow) {
        self.init(
            type: row.text(1), createdAt: row.int64(2), otherUID: row.optionalText(3), otherNick: row.optionalText(4),
            distance: row.optionalInt64(5).map { Int($0) }, titles: row.optionalText(6), messageID: row.optionalText(7),
            chat: row.optionalText(8))
    }

    /// The event `id` of `me` this record tells; a row that lacks what its type needs, or
    /// breaks the domain's rules, is corrupt data.
    func toDomain(id: Int64, me: UserID) throws -> UserEvent {
        do {
            guard let kind = try kind(me: me) else {
                throw StoredDataError(table: "events", id: id, detail: "a \(type) event without what it tells")
            }
            return UserEvent(id: id, createdAt: Date(unixMilliseconds: createdAt), kind: kind)
        } catch let error as DomainError {
            throw StoredDataError(table: "events", id: id, detail: error.message)
        }
    }

    private func kind(me: UserID) throws -> UserEventKind? {
        if type == "penalty_over" { return .penaltyOver }
        guard let otherUID, let otherNick else { return nil }
        let other = MatchView.Partner(uid: try UserID(otherUID), nick: try Nick(otherNick))
        switch type {
        case "request":
            return .request(from: other, distance: distance ?? 0)
        case "matched":
            return .matched(partner: other)
        case "dodged":
            return .dodged(partner: other)
        case "reviewed":
            let flags = (titles ?? "").split(separator: ",")
            return .reviewed(by: other, titles: ReputationTitle.allCases.filter { flags.contains(Substring($0.flag)) })
        case "message":
            let message = ChatMessage(
                id: messageID ?? "", from: other.uid, to: me, text: chat ?? "", createdAt: Date(unixMilliseconds: createdAt))
            return .message(message, from: other)
        default:
            return nil
        }
    }
}
