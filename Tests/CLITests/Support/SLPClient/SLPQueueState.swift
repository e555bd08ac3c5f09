/// `GET /queue/myQueueState` as SLP clients declare it: the flags always there, the partner's
/// nick and uid optional (the server left them out before a match).
struct SLPQueueState: Decodable, Equatable {
    let dodged: Int
    let matched: Int
    let reviewed: Int
    let matchedNick: String?
    let matchedUid: String?
}
