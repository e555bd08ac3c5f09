#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Conversations and their messages.
public protocol ChatRepository {
    /// The conversation of my latest match, or of my latest match with `partner`; nil when
    /// there is none (for strangers too, so they learn nothing).
    func conversation(of me: UserID, with partner: UserID?) throws -> Conversation?
    /// Appends a message to my current conversation in one transaction, after `check` has
    /// approved my situation as read in that transaction.
    func send(from me: UserID, text: String, at now: Date, check: (PartySnapshot) throws -> Void) throws -> ChatMessage
    /// The conversation as it is now (closed once the match ended).
    func refresh(_ conversation: Conversation) throws -> Conversation
    /// Messages of a conversation, oldest first.
    func messages(in conversation: Conversation, _ page: MessagePage) throws -> [ChatMessage]
    /// A value that changes whenever another process commits a change; cheap to read often.
    func changeToken() throws -> Int64
    /// Returns the change token as soon as it differs from `token` (another process committed
    /// since it was read), or once `limit` has passed.
    nonisolated(nonsending) func waitForChange(after token: Int64, upTo limit: Duration) async throws -> Int64
}
