/// The writes the API bounds per user, each with a bucket of its own (docs/API.md, "Limits").
/// A person chats in bursts (a few lines at once, a pasted list) but never for long at 5 a
/// second; everything else a person does (registering, queueing, asking, accepting, reviewing)
/// is a tap every few seconds at most, and the apps' own flows chain at most three or four.
enum WriteKind: Int, CaseIterable, Sendable {
    /// `POST /v1/chat/{uid}`: 20 at once, then 5 a second.
    case chat
    /// Every other request that changes something: 10 at once, then 2 a second.
    case other

    var bucket: WriteBucket {
        switch self {
        case .chat: WriteBucket(capacity: 20, interval: 200_000_000)
        case .other: WriteBucket(capacity: 10, interval: 500_000_000)
        }
    }

    /// What the refusal calls these writes.
    var name: String {
        switch self {
        case .chat: "chat messages"
        case .other: "writes"
        }
    }
}
