/// One chat message the push benchmark sent through the API: its text (which the push
/// carries), the answer's status, the message's `createdAt` from the answer (Unix seconds; the
/// time the committing transaction took for it), and when the answer had come (Unix seconds).
struct ChatCommit: Sendable {
    let text: String
    let status: Int
    let createdAt: Double?
    let answeredAt: Double
}
