/// How long to wait before attempt `n` of a send again: exponential with full jitter (a delay
/// drawn uniformly up to min(cap, base × 2ⁿ)), so many senders do not retry in step, and never
/// sooner than FCM's `Retry-After`. Pure: the randomness comes from the caller.
package struct Backoff: Sendable, Equatable {
    package let base: Duration
    package let cap: Duration

    /// Google's Admin SDKs start at half a second; Node's caps the delay at a minute.
    package init(base: Duration = .milliseconds(500), cap: Duration = .seconds(60)) {
        self.base = base
        self.cap = cap
    }

    /// The delay before retry `attempt` (0 for the first retry).
    package func delay(attempt: Int, retryAfter: Duration? = nil, using random: inout some RandomNumberGenerator) -> Duration {
        // Past 2^40 × base every ceiling is the cap; a bounded shift cannot overflow.
        let ceiling = min(cap, base * (Int64(1) << Int64(min(max(attempt, 0), 40))))
        let nanoseconds = Self.nanoseconds(ceiling)
        let drawn = Duration.nanoseconds(nanoseconds > 0 ? Int64.random(in: 0...nanoseconds, using: &random) : 0)
        guard let retryAfter else { return drawn }
        return max(drawn, retryAfter)
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
