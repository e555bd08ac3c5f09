#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A push sender takes the pushes due now, each leased to it for a while: any number of
/// senders over one store never hold the same push at once, and one that dies leaves its
/// pushes to whoever claims after its leases run out. Each user's pushes go one at a time in
/// commit order: only a user's oldest queued push is ever claimed.
public struct ClaimPushesUseCase {
    private let storage: any Storage
    private let clock: any TimeProvider

    public init(storage: any Storage, clock: any TimeProvider) {
        self.storage = storage
        self.clock = clock
    }

    /// At most `limit` pushes, leased to `owner` for `lease`, in one write. What no longer
    /// matters is dropped and counted instead: an event older than `PushRules.freshFor` or
    /// forgotten, a request no longer open, a recipient without a token.
    public func callAsFunction(owner: String, lease: Duration, limit: Int) throws -> [PendingPush] {
        guard limit > 0 else { return [] }
        let now = clock.now
        let (seconds, attoseconds) = lease.components
        let until = now.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
        return try storage.claim { transaction in
            var claimed: [PendingPush] = []
            var dropped = 0
            // A push dropped leaves its user's next one oldest: look again, a few rounds at
            // most, so that a backlog of stale pushes never makes one long transaction.
            for _ in 0..<4 where claimed.count < limit {
                let due = try transaction.duePushes(by: now, limit: limit - claimed.count)
                var droppedNow = 0
                for queued in due {
                    if let push = try Self.pending(queued, at: now, in: transaction) {
                        try transaction.leasePush(event: queued.eventID, to: owner, until: until)
                        claimed.append(push)
                    } else {
                        try transaction.deletePush(event: queued.eventID)
                        droppedNow += 1
                    }
                }
                dropped += droppedNow
                if droppedNow == 0 { break }
            }
            if dropped > 0 { try transaction.addToPushCounts(PushCounts(dropped: dropped)) }
            return claimed
        }
    }

    /// `queued` as a push to send now, or nil when it no longer matters.
    private static func pending(_ queued: QueuedPush, at now: Date, in transaction: any WriteTransaction) throws -> PendingPush? {
        guard let event = queued.event, queued.token != .none, now.timeIntervalSince(event.createdAt) <= PushRules.freshFor,
              let notice = PushRules.notice(for: event)
        else { return nil }
        // A request withdrawn, refused or answered since is no news.
        if case .request(let from, _) = event.kind, try !transaction.hasRequest(from: from.uid, to: queued.recipient) { return nil }
        return PendingPush(
            eventID: queued.eventID, recipient: queued.recipient, token: queued.token, notice: notice, attempts: queued.attempts,
            eventTime: event.createdAt)
    }
}
