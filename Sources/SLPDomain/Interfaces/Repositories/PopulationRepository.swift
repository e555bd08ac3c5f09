import Foundation

/// Bulk loading of many users at once (synthetic populations for demos and benchmarks).
public protocol PopulationRepository {
    /// How many users were seeded before, so new phone numbers never collide with them.
    func seededCount() throws -> Int
    /// Stores the users and their queue places in one transaction.
    func addWaiting(_ users: [WaitingUser]) throws
}
