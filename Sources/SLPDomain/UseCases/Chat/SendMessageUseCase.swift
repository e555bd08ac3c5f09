
/// `POST /chat/{uid}`: a message to my current partner, 1–1000 characters, no NUL.
public struct SendMessageUseCase {
    private let chats: any ChatRepository
    private let clock: any TimeProvider

    public init(chats: any ChatRepository, clock: any TimeProvider) {
        self.chats = chats
        self.clock = clock
    }

    public func callAsFunction(me: UserID, text: String) throws -> ChatMessage {
        let message = try BoundedText(text, allowed: BoundedText.chat, field: "message")
        return try chats.send(from: me, text: message.value, at: clock.now, check: ChatRules.send)
    }
}
