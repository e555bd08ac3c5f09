#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `slp events` and `slp queue --wait`: my events as they are committed, from any process.
public struct FollowEventsUseCase {
    private let events: any EventRepository
    private let clock: any TimeProvider

    public init(events: any EventRepository, clock: any TimeProvider) {
        self.events = events
        self.clock = clock
    }

    /// Where following starts: after `since` when given (0 for everything kept), else after
    /// my latest event, so that only what happens from now on is told.
    public func start(me: UserID, since: Int64?) throws -> Int64 {
        if let since { return since }
        return try events.latestEventID(of: me)
    }

    /// The token to compare with the last one seen: when it has not changed, nothing was committed.
    public func changeToken() throws -> Int64 {
        try events.changeToken()
    }

    /// Whether a look may find news: waits at most `limit` (less when the penalty end a look
    /// reported comes sooner) for something committed since `token`, or for that end.
    public nonisolated(nonsending) func waitForNews(since token: Int64?, penaltyEnds: Date?, upTo limit: Duration) async throws -> Bool {
        guard let token else { return true }
        var limit = limit
        if let penaltyEnds {
            let left = penaltyEnds.timeIntervalSince(clock.now)
            if left <= 0 { return true }
            limit = min(limit, .milliseconds(Int64((left * 1_000).rounded(.up))))
        }
        if try await events.waitForChange(after: token, upTo: limit) != token { return true }
        return penaltyEnds.map { clock.now >= $0 } ?? false
    }

    /// My events after `last`, oldest first (recording a penalty's end that has come).
    public func look(me: UserID, after last: Int64) throws -> EventBatch {
        try events.events(of: me, after: last, now: clock.now)
    }
}
