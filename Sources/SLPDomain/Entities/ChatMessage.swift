#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One message of a conversation between two matched users.
public struct ChatMessage: Equatable, Sendable {
    /// Unique, and increasing within its conversation.
    public let id: String
    public let from: UserID
    public let to: UserID
    public let text: String
    /// Strictly increasing within the conversation (a message in the same millisecond as the
    /// one before gets the next millisecond), so paging by time never skips or repeats.
    public let createdAt: Date

    public init(id: String, from: UserID, to: UserID, text: String, createdAt: Date) {
        self.id = id
        self.from = from
        self.to = to
        self.text = text
        self.createdAt = createdAt
    }
}
