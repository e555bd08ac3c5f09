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

    /// Whether a look may find news: something was committed since `token`, or the penalty
    /// end a look reported has come.
    public func mayHaveNews(since token: Int64?, penaltyEnds: Date?) throws -> Bool {
        if let penaltyEnds, clock.now >= penaltyEnds { return true }
        return try events.changeToken() != token
    }

    /// My events after `last`, oldest first (recording a penalty's end that has come).
    public func look(me: UserID, after last: Int64) throws -> EventBatch {
        try events.events(of: me, after: last, now: clock.now)
    }
}
