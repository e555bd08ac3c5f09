/// `GET /chat/{uid}?lastchatDate=`: the messages in a payload.
struct SLPChatPayload: Decodable, Equatable {
    let payload: [SLPChat]
}
