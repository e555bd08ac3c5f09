#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// A row of `messages`, mapped to `ChatMessage` and back: the message's conversation (its
/// match) and number in it, who wrote it to whom, the text and the time in Unix milliseconds.
enum MessageRecord {
    static func columns(of message: ChatMessage) -> [(name: String, value: SQLValue)] {
        [
            ("match_id", .integer(message.id.conversation)),
            ("seq", .integer(message.id.sequence)),
            ("from_uid", .text(message.from.rawValue)),
            ("to_uid", .text(message.to.rawValue)),
            ("chat", .text(message.text)),
            ("created_at", .integer(message.createdAt.unixMilliseconds)),
        ]
    }

    /// The columns `message(_:)` reads.
    static let selection = "match_id, seq, from_uid, to_uid, chat, created_at"

    static func message(_ row: some SQLRow) throws -> ChatMessage {
        let id = MessageID(conversation: row.int64("match_id"), sequence: row.int64("seq"))
        do {
            return ChatMessage(
                id: id, from: try UserID(row.text("from_uid")), to: try UserID(row.text("to_uid")), text: row.text("chat"),
                createdAt: Date(unixMilliseconds: row.int64("created_at")))
        } catch let error as DomainError {
            throw StoredDataError(table: "messages", id: id.sequence, detail: error.message)
        }
    }
}
