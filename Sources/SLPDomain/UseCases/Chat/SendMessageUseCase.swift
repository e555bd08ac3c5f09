/// `POST /chat/{uid}`: a message to my current partner, 1–1000 characters, no NUL.
public struct SendMessageUseCase {
    private let storage: any Storage
    private let clock: any TimeProvider

    public init(storage: any Storage, clock: any TimeProvider) {
        self.storage = storage
        self.clock = clock
    }

    /// Throws what sending now would refuse for me (`not_registered`, `not_matched`,
    /// `study_ended`), storing nothing: checked before a stream of messages is read.
    public func check(me: UserID) throws {
        try storage.read { transaction in
            let party = try transaction.party(me)
            try ChatRules.send(party)
        }
    }

    /// The stored message; `not_matched` without a match (or when `to`, if named, is not my
    /// partner), `study_ended` once it has ended.
    public func callAsFunction(me: UserID, to: UserID? = nil, text: String) throws -> ChatMessage {
        let text = try BoundedText(text, allowed: BoundedText.chat, field: "message").value
        let now = clock.now
        return try storage.write { transaction in
            let party = try transaction.party(me)
            try ChatRules.send(party, to: to)
            guard let match = party.current else { throw DomainError.notMatched }
            let message = ChatRules.message(
                after: try transaction.lastMessage(between: me, and: match.partnerUID), in: match, from: me, text: text, at: now)
            try transaction.insert(message)
            try EventRules.record(EventRules.notices(sending: message, from: party.user), at: message.createdAt, in: transaction)
            return message
        }
    }
}
