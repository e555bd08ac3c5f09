
/// `GET /chat/{uid}?lastchatDate`: my messages with my partner (or a past partner).
/// Anyone not in the conversation gets `not_matched`, exactly as if there were none.
public struct ReadMessagesUseCase {
    private let chats: any ChatRepository

    public init(chats: any ChatRepository) {
        self.chats = chats
    }

    /// The conversation and the page of its messages.
    public func callAsFunction(me: UserID, with partner: UserID?, page: MessagePage) throws -> (Conversation, [ChatMessage]) {
        switch page {
        case .newest(let limit) where limit < 1, .after(_, let limit?) where limit < 1:
            throw DomainError.invalid("invalid_limit", "the limit is at least 1")
        default:
            break
        }
        guard let conversation = try chats.conversation(of: me, with: partner) else { throw DomainError.notMatched }
        return (conversation, try chats.messages(in: conversation, page))
    }
}
