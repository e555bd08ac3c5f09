#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// A row of `messages` as every backend stores it.
struct MessageRecord {
    var matchID: Int64
    var seq: Int64
    var fromUID: String
    var toUID: String
    var chat: String
    /// Unix milliseconds.
    var createdAt: Int64

    /// The message; `_id` looks like SLP's (24 hex digits) and sorts like the conversation:
    /// match, then sequence number.
    func toDomain() throws -> ChatMessage {
        func hex(_ value: Int64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: max(0, 12 - digits.count)) + digits
        }
        do {
            return ChatMessage(
                id: hex(matchID) + hex(seq), from: try UserID(fromUID), to: try UserID(toUID), text: chat,
                createdAt: Date(unixMilliseconds: createdAt))
        } catch let error as DomainError {
            throw StoredDataError(table: "messages", id: seq, detail: error.message)
        }
    }
}
