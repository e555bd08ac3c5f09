#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The matching queue. Every method is one atomic transaction.
public protocol QueueRepository {
    /// Enters the queue or refreshes my place. `check` runs inside the transaction on my
    /// situation, so a refusal (matched, reported, penalty…) sees the same state the write would.
    /// A match my partner already ended stops being my current one.
    func enter(_ uid: UserID, at coordinate: Coordinate, studies: StudyList, now: Date, check: (PartySnapshot) throws -> Void) throws -> QueueEntry
    /// Leaves the queue after `check` (same transaction); false when I was not waiting.
    func leave(_ uid: UserID, check: (PartySnapshot) throws -> Void) throws -> Bool
    /// My place in the queue, if waiting.
    func entry(for uid: UserID) throws -> QueueEntry?
}
