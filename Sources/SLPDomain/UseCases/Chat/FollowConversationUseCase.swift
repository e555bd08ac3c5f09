#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `slp chat follow`: the conversation's new messages as they arrive, from any process.
public struct FollowConversationUseCase {
    private let chats: any ChatRepository

    public init(chats: any ChatRepository) {
        self.chats = chats
    }

    /// The conversation to follow, or `not_matched`.
    public func open(me: UserID, with partner: UserID?) throws -> Conversation {
        guard let conversation = try chats.conversation(of: me, with: partner) else { throw DomainError.notMatched }
        return conversation
    }

    /// The token to compare with the last one seen: when it has not changed, nothing has.
    public func changeToken() throws -> Int64 {
        try chats.changeToken()
    }

    /// The token once another process has committed since `token` was read, or after `limit`.
    public nonisolated(nonsending) func waitForChange(after token: Int64, upTo limit: Duration) async throws -> Int64 {
        try await chats.waitForChange(after: token, upTo: limit)
    }

    /// Messages after the last one seen, and the conversation as it is now (closed when the match ended).
    public func poll(_ conversation: Conversation, after last: Date?) throws -> (Conversation, [ChatMessage]) {
        let current = try chats.refresh(conversation)
        let messages = try chats.messages(in: conversation, last.map { .after($0, limit: nil) } ?? .all)
        return (current, messages)
    }
}
