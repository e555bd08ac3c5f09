/// What the push sender did, for an operator (`slp pushes`): counters kept with the data,
/// summed over every sender and restart, and what waits in the outbox now.
public struct PushCounts: Equatable, Sendable {
    /// Pushes in the outbox now, in flight or waiting (counted, never added to).
    public var pending: Int
    /// Sends FCM took.
    public var sent: Int
    /// Sends answered "later" and tried again.
    public var retried: Int
    /// Pushes given up: stale at send time (an event older than an hour, a request no longer
    /// open, a recipient without a token, an event forgotten), refused by FCM, or retried past an hour.
    public var dropped: Int
    /// Tokens cleared because FCM said they were gone.
    public var tokensCleared: Int
    /// Sends put off because the service could not send (`PushOutcome.parked`).
    public var parked: Int

    public init(pending: Int = 0, sent: Int = 0, retried: Int = 0, dropped: Int = 0, tokensCleared: Int = 0, parked: Int = 0) {
        self.pending = pending
        self.sent = sent
        self.retried = retried
        self.dropped = dropped
        self.tokensCleared = tokensCleared
        self.parked = parked
    }

    /// The counters and their names as storage keeps them, `pending` aside (it is counted from
    /// the outbox, never stored).
    public var counters: [(name: String, count: Int)] {
        [("sent", sent), ("retried", retried), ("dropped", dropped), ("tokens_cleared", tokensCleared), ("parked", parked)]
    }

    /// Counters read back by their names (`counters`); names this version does not know are left out.
    public init(pending: Int, counters: [(name: String, count: Int)]) {
        self.init(pending: pending)
        for (name, count) in counters {
            switch name {
            case "sent": sent = count
            case "retried": retried = count
            case "dropped": dropped = count
            case "tokens_cleared": tokensCleared = count
            case "parked": parked = count
            default: break
            }
        }
    }

    /// Adds the counters of `other` to these (`pending` stays as it is).
    public mutating func add(_ other: PushCounts) {
        sent += other.sent
        retried += other.retried
        dropped += other.dropped
        tokensCleared += other.tokensCleared
        parked += other.parked
    }
}
