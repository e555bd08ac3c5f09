import Foundation

/// The matching queue. Every method is one atomic transaction.
public protocol QueueRepository {
    /// Enters the queue or refreshes my place. `check` runs inside the transaction on my stored
    /// record, so a refusal (reported, penalty…) sees the same state the write would.
    func enter(_ uid: UserID, at coordinate: Coordinate, studies: StudyList, now: Date, check: (User) throws -> Void) throws -> QueueEntry
    /// Leaves the queue; false when I was not waiting.
    func leave(_ uid: UserID) throws -> Bool
    /// My place in the queue, if waiting.
    func entry(for uid: UserID) throws -> QueueEntry?
}
