/// `GET /chat/{uid}?lastchatDate`: my messages with my partner (or a past partner), across
/// every match we had: the history between two people is theirs whole. Anyone not in the conversation gets `not_matched`, exactly as if there were none. Also how
/// the chat screens open: the conversation and its history, read together.
public struct ReadMessagesUseCase {
    private let storage: any Storage

    public init(storage: any Storage) {
        self.storage = storage
    }

    /// The conversation and the page of its messages, read together with me
    /// (`not_registered` when I am not).
    public func callAsFunction(me: UserID, with partner: UserID?, page: MessagePage) throws -> (Conversation, [ChatMessage]) {
        switch page {
        case .newest(let limit) where limit < 1, .after(_, let limit?) where limit < 1, .before(_, let limit) where limit < 1:
            throw DomainError.invalid("invalid_limit", "the limit is at least 1")
        default:
            break
        }
        return try storage.read { transaction in
            guard let user = try transaction.user(me) else { throw DomainError.notRegistered }
            guard let match = try transaction.latestMatch(of: me, with: partner) else { throw DomainError.notMatched }
            return (Conversation(of: match, me: me, myNick: user.nick), try transaction.messages(between: me, and: match.partnerUID, page))
        }
    }
}
