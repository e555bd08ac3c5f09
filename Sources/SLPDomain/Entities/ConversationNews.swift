/// What a follower learns after a commit: the change token it saw, the conversation as it is
/// now, and the messages after the last one it had.
public struct ConversationNews: Equatable, Sendable {
    /// The storage's change token when the news was read: the next wait starts from it.
    public let token: Int64
    public let conversation: Conversation
    /// Oldest first.
    public let messages: [ChatMessage]

    public init(token: Int64, conversation: Conversation, messages: [ChatMessage]) {
        self.token = token
        self.conversation = conversation
        self.messages = messages
    }
}
