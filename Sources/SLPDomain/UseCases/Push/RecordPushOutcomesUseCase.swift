#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A push sender records what became of the pushes it claimed, a batch in one write with the
/// counters. A push whose lease another sender has taken over since is that sender's: only a
/// send that FCM took, and a token FCM says is gone, count whoever sent.
public struct RecordPushOutcomesUseCase {
    private let storage: any Storage
    private let clock: any TimeProvider

    public init(storage: any Storage, clock: any TimeProvider) {
        self.storage = storage
        self.clock = clock
    }

    public func callAsFunction(owner: String, _ outcomes: [(PendingPush, PushOutcome)]) throws {
        guard !outcomes.isEmpty else { return }
        let now = clock.now
        try storage.write { transaction in
            var counts = PushCounts()
            for (push, outcome) in outcomes {
                let mine = try transaction.pushLeaseOwner(event: push.eventID) == owner
                switch outcome {
                case .sent:
                    // Delivered: nobody sends it again, whoever holds it now.
                    try transaction.deletePush(event: push.eventID)
                    counts.sent += 1
                case .retry(let at):
                    guard mine else { continue }
                    if max(at, now).timeIntervalSince(push.eventTime) > PushRules.freshFor {
                        try transaction.deletePush(event: push.eventID)
                        counts.dropped += 1
                    } else {
                        try transaction.reschedulePush(event: push.eventID, at: at, attempts: push.attempts + 1)
                        counts.retried += 1
                    }
                case .tokenGone:
                    // Only the token sent: one the user registered since is theirs to keep.
                    if try transaction.clearPushToken(of: push.recipient, ifStill: push.token) { counts.tokensCleared += 1 }
                    if mine { try transaction.deletePush(event: push.eventID) }
                case .rejected:
                    guard mine else { continue }
                    try transaction.deletePush(event: push.eventID)
                    counts.dropped += 1
                case .parked(let until):
                    guard mine else { continue }
                    try transaction.reschedulePush(event: push.eventID, at: until, attempts: push.attempts)
                    counts.parked += 1
                }
            }
            if counts != PushCounts() { try transaction.addToPushCounts(counts) }
        }
    }
}
