/// A registered person a load client acts as (`--as UID`), and what the client believes of
/// their situation: it learns only from what its own commands print, as a real client would.
struct LoadActor: Sendable {
    enum Phase: Sendable {
        /// Not in the queue: the next turn queues.
        case idle
        /// In the queue: search, then request someone or accept a request.
        case waiting
        /// Matched (the partner unknown until `queue status` names them): chat, then review or dodge.
        case matched(partner: String?, messagesLeft: Int)
        /// Serving a dodge penalty until this monotonic time (ns).
        case parked(until: UInt64)
    }

    let uid: String
    let latitude: Double
    let longitude: Double
    let studies: [String]
    var phase: Phase = .idle
    /// Waiting turns since the last `queue status`: a waiting person who sent requests looks
    /// now and then whether one was accepted.
    var turnsSinceStatus = 0
}
