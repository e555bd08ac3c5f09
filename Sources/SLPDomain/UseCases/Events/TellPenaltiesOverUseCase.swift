#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The realtime hub's sweep: everyone whose penalty has run out is told so (`penalty_over`),
/// whether or not they look, so that their sockets hear of it. Each in a transaction of its own
/// that checks again, so several hubs sweeping at once tell each person once.
public struct TellPenaltiesOverUseCase {
    private let storage: any Storage
    private let clock: any TimeProvider
    /// People told in one sweep at most; the next sweep tells the rest.
    public static let batch = 100

    public init(storage: any Storage, clock: any TimeProvider) {
        self.storage = storage
        self.clock = clock
    }

    /// How many were due (some may have been told by another sweep meanwhile).
    @discardableResult
    public func callAsFunction() throws -> Int {
        let now = clock.now
        let due = try storage.read { try $0.penaltyNoticesDue(by: now, limit: Self.batch) }
        for uid in due {
            try storage.write { try EventRules.tellPenaltyOver(to: uid, by: now, in: $0) }
        }
        return due.count
    }
}
