#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `slp events` and `slp queue --wait`: my events as they are committed, from any process.
public struct FollowEventsUseCase {
    private let storage: any Storage
    private let clock: any TimeProvider
    /// The events one look tells at most (the oldest first; the next look goes on after the
    /// last); nil: all.
    private let page: Int?

    public init(storage: any Storage, clock: any TimeProvider, page: Int? = nil) {
        self.storage = storage
        self.clock = clock
        self.page = page
    }

    /// Where following starts: after `since` when given (0 for everything kept), else after
    /// my latest event, so that only what happens from now on is told.
    public func start(me: UserID, since: Int64?) throws -> Int64 {
        if let since { return since }
        return try storage.read { try $0.latestEventID(of: me) }
    }

    /// The token to compare with the last one seen: when it has not changed, nothing was committed.
    public func changeToken() throws -> Int64 {
        try storage.changeToken()
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
        if try await storage.waitForChange(after: token, upTo: limit) != token { return true }
        return penaltyEnds.map { clock.now >= $0 } ?? false
    }

    /// My events after `last`, oldest first (at most a page). A penalty of mine that has run out by now and has
    /// not been told is recorded first, once, dated at its end (`penalty_over`): nothing is
    /// committed when it ends, so the first look after it tells it. A reader that may not write
    /// leaves that to the next one that may.
    public func look(me: UserID, after last: Int64) throws -> EventBatch {
        let now = clock.now
        let (due, events) = try read(me: me, after: last)
        guard let due, due <= now, storage.acceptsWrites else {
            return EventBatch(events: events, penaltyEnds: due.flatMap { $0 > now ? $0 : nil })
        }
        try storage.write { try EventRules.tellPenaltyOver(to: me, by: now, in: $0) }
        return EventBatch(events: try read(me: me, after: last).events, penaltyEnds: nil)
    }

    /// When my penalty's end is due to be told, and my events after `last`, read together.
    private func read(me: UserID, after last: Int64) throws -> (due: Date?, events: [UserEvent]) {
        try storage.read { transaction in
            guard try transaction.user(me) != nil else { throw DomainError.notRegistered }
            return (try transaction.penaltyNoticeDue(of: me), try transaction.events(of: me, after: last, limit: page ?? .max))
        }
    }
}
