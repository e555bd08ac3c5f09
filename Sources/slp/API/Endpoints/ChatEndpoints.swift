import SLPDomain

/// `/v1/chat/{uid}`: talking with my partner.
@MainActor
enum ChatEndpoints {
    /// `POST /v1/chat/{uid}`: chat; the uid must be my partner's.
    static func send(_ call: APICall, partner text: String) async throws -> APIResponse {
        let partner = try FormParameters.uid(text, "the uid of the path")
        let message = try call.parameters.required("chat")
        let send = SendMessageUseCase(storage: call.storage, clock: call.clock)
        return call.perform { .document(ChatRenderer(format: .json).sent(try send(me: call.uid, to: partner, text: message))) }
    }

    /// `GET /v1/chat/{uid}?lastchatDate=`: every message after that time (all without it),
    /// `{"payload": [...]}`. The colons may come escaped or not.
    static func read(_ call: APICall, partner text: String) async throws -> APIResponse {
        let partner = try FormParameters.uid(text, "the uid of the path")
        var page = MessagePage.all
        if let since = try call.parameters.value("lastchatDate") {
            guard let date = Timestamp.parse(since) else { throw APIFailure.invalid("lastchatDate", "is not an ISO 8601 time") }
            page = .after(date, limit: nil)
        }
        return call.perform {
            let (conversation, messages) = try ReadMessagesUseCase(storage: call.storage)(me: call.uid, with: partner, page: page)
            return .document(ChatRenderer(format: .json).list(messages, in: conversation))
        }
    }
}
