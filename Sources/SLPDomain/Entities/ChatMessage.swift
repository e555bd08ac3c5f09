#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One message of a conversation between two matched users.
public struct ChatMessage: Equatable, Sendable {
    /// Its conversation and its number there.
    public let id: MessageID
    public let from: UserID
    public let to: UserID
    public let text: String
    /// Strictly increasing within the conversation (`ChatRules.next`), so paging by time never
    /// skips or repeats.
    public let createdAt: Date

    public init(id: MessageID, from: UserID, to: UserID, text: String, createdAt: Date) {
        self.id = id
        self.from = from
        self.to = to
        self.text = text
        self.createdAt = createdAt
    }
}
