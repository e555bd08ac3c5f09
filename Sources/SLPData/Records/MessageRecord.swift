#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// A row of `messages`, mapped to `ChatMessage` and back: the message's conversation (its
/// match) and number in it, who wrote it to whom, the text and the time in Unix milliseconds.
enum MessageRecord {
    /// Every column of a message, in the order of `values(of:)`; `message(_:)` reads them all.
    static let columns: TableColumns = ["match_id", "seq", "from_uid", "to_uid", "chat", "created_at"]

    static func values(of message: ChatMessage) -> [SQLValue] {
        [
            .integer(message.id.conversation), .integer(message.id.sequence), .text(message.from.rawValue), .text(message.to.rawValue),
            .text(message.text), .integer(message.createdAt.unixMilliseconds),
        ]
    }

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
