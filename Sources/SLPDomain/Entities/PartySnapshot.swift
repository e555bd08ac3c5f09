
/// Everything the matching rules need to know about one user, read inside the transaction
/// that will act on it, so the decision and the write see the same state.
public struct PartySnapshot: Equatable, Sendable {
    public let user: User
    /// My place in the queue; nil when I do not wait.
    public let entry: QueueEntry?
    /// My current match (active, or ended by my partner and not yet left behind).
    public let current: MatchView?
    /// My most recent match, current or just ended: the one I may still review.
    public let latest: MatchView?

    public init(user: User, entry: QueueEntry?, current: MatchView?, latest: MatchView?) {
        self.user = user
        self.entry = entry
        self.current = current
        self.latest = latest
    }

    /// `user` waiting at `entry` (or not), whose most recent match is `latest`: that match is
    /// current while it is not left behind.
    public init(user: User, entry: QueueEntry?, latest: MatchView?) {
        self.init(user: user, entry: entry, current: latest?.isCurrent == true ? latest : nil, latest: latest)
    }

    /// Waiting in the queue.
    public var isWaiting: Bool { entry != nil }

    /// In a match that is still on: cannot queue, request or accept.
    public var isMatched: Bool { current?.isActive ?? false }
}
