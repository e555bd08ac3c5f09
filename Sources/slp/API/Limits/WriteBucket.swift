/// A token bucket of `capacity` writes that gets one back every `interval` nanoseconds, kept as
/// one number that any process can store: the instant it is full again ("full at"; at or before
/// now, it is full). A write takes a token when at least one is left, that is when no more than
/// `capacity - 1` are missing (the generic cell rate algorithm, the token bucket's arithmetic in
/// one variable).
struct WriteBucket: Equatable, Sendable {
    /// Writes that may come at once, from a full bucket.
    let capacity: Int64
    /// Nanoseconds to get one token back: one over the sustained rate.
    let interval: Int64

    enum Outcome: Equatable, Sendable {
        /// Taken: the instant the bucket is full again now.
        case granted(fullAt: Int64)
        /// No token left: nanoseconds until one is back.
        case refused(wait: Int64)
    }

    /// One write at `now` from a bucket stored as `fullAt`.
    func take(fullAt stored: Int64, now: Int64) -> Outcome {
        let fullAt = self.fullAt(stored, now: now)
        let missing = fullAt - now
        let allowed = (capacity - 1) * interval
        return missing <= allowed ? .granted(fullAt: fullAt + interval) : .refused(wait: missing - allowed)
    }

    /// When the bucket stored as `stored` is full, as seen at `now`: never before now; a value
    /// further ahead than an empty bucket's (bytes torn by a process killed while writing them,
    /// a clock that started again at a reboot) is a full bucket.
    func fullAt(_ stored: Int64, now: Int64) -> Int64 {
        stored > now && stored - now <= capacity * interval ? stored : now
    }

    /// Whether the bucket stored as `stored` is full at `now`: forgetting it loses nothing.
    func isFull(_ stored: Int64, now: Int64) -> Bool { fullAt(stored, now: now) == now }
}
