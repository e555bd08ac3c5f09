/// Where a person a benchmark client acts for stands, as the client believes from the answers
/// it got (an app's HTTP answers, or what `slp` printed).
enum PersonPhase: Sendable {
    /// Not in the queue: the next turn queues.
    case idle
    /// In the queue: search, then request someone or accept a request.
    case waiting
    /// Matched (the partner unknown until a status read names them): chat, then review or dodge.
    case matched(partner: String?, messagesLeft: Int)
    /// Serving a dodge penalty until this monotonic time (ns).
    case parked(until: UInt64)
}
