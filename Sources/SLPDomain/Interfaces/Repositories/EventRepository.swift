#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Each user's events. The other repositories record them with the changes that cause them
/// (`EventRules`), in the same transaction; they are read here in commit order.
public protocol EventRepository {
    /// My events after event `id`, oldest first. If my dodge penalty has run out by `now` and
    /// has not been told, `penalty_over` is recorded first (once per penalty, dated at its end).
    func events(of me: UserID, after id: Int64, now: Date) throws -> EventBatch
    /// The id of my latest event, 0 when none: following from now on starts after it.
    func latestEventID(of me: UserID) throws -> Int64
    /// A value that changes whenever another process commits a change; cheap to read often.
    func changeToken() throws -> Int64
    /// Returns the change token as soon as it differs from `token` (another process committed
    /// since it was read), or once `limit` has passed.
    nonisolated(nonsending) func waitForChange(after token: Int64, upTo limit: Duration) async throws -> Int64
}
