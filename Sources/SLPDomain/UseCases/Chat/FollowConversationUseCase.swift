#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `slp chat follow` and the chat screen: the conversation's history, then its new messages as
/// they arrive, from any process.
public struct FollowConversationUseCase {
    private let storage: any Storage

    public init(storage: any Storage) {
        self.storage = storage
    }

    /// Where following starts: the change token first (whatever is committed after it is read
    /// by the next look), then the conversation and `page` of its history, read with me.
    public func open(me: UserID, with partner: UserID?, page: MessagePage) throws -> ConversationNews {
        let token = try changeToken()
        let (conversation, history) = try ReadMessagesUseCase(storage: storage)(me: me, with: partner, page: page)
        return ConversationNews(token: token, conversation: conversation, messages: history)
    }

    /// The token to compare with the last one seen: when it has not changed, nothing has.
    public func changeToken() throws -> Int64 {
        try storage.changeToken()
    }

    /// The token once another process has committed since `token` was read, or after `limit`.
    public nonisolated(nonsending) func waitForChange(after token: Int64, upTo limit: Duration) async throws -> Int64 {
        try await storage.waitForChange(after: token, upTo: limit)
    }

    /// Messages after the last one seen, and the conversation as it is now (closed when the
    /// match ended, or when I am no longer in it), read together.
    public func poll(_ conversation: Conversation, after last: Date?) throws -> (Conversation, [ChatMessage]) {
        try storage.read { transaction in
            let current = try transaction.match(conversation.id, of: conversation.me).map {
                Conversation(of: $0, me: conversation.me, myNick: conversation.myNick)
            }
            let page: MessagePage = last.map { .after($0, limit: nil) } ?? .all
            let messages = try conversation.partnerUID.map { try transaction.messages(between: conversation.me, and: $0, page) } ?? []
            return (current ?? conversation.closed, messages)
        }
    }

    /// The news since `token`: nil when nobody committed within `limit`; else the token now,
    /// the messages after `last` and the conversation as it is now.
    public nonisolated(nonsending) func news(
        of conversation: Conversation, after last: Date?, since token: Int64, upTo limit: Duration
    ) async throws -> ConversationNews? {
        let now = try await waitForChange(after: token, upTo: limit)
        guard now != token else { return nil }
        let (current, messages) = try poll(conversation, after: last)
        return ConversationNews(token: now, conversation: current, messages: messages)
    }
}
