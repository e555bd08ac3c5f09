/// `GET /chat/{uid}?lastchatDate`: my messages with my partner (or a past partner).
/// Anyone not in the conversation gets `not_matched`, exactly as if there were none.
public struct ReadMessagesUseCase {
    private let storage: any Storage

    public init(storage: any Storage) {
        self.storage = storage
    }

    /// The conversation and the page of its messages, read together.
    public func callAsFunction(me: UserID, with partner: UserID?, page: MessagePage) throws -> (Conversation, [ChatMessage]) {
        switch page {
        case .newest(let limit) where limit < 1, .after(_, let limit?) where limit < 1, .before(_, let limit) where limit < 1:
            throw DomainError.invalid("invalid_limit", "the limit is at least 1")
        default:
            break
        }
        return try storage.read { transaction in
            guard let match = try transaction.latestMatch(of: me, with: partner) else { throw DomainError.notMatched }
            return (Conversation(of: match, me: me), try transaction.messages(in: match.id, page))
        }
    }
}
