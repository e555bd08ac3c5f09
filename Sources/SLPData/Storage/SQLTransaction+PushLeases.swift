#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// Who holds the outbox's leases, and a dead sender's leases ended (`TakeOverPushLeasesUseCase`).
extension SQLTransaction {
    func pushLeaseHolders(at now: Date) throws -> [String] {
        try connection.map(
            "SELECT DISTINCT lease_owner FROM push_outbox WHERE lease_owner IS NOT NULL AND lease_until > $1 ORDER BY lease_owner",
            [.integer(now.unixMilliseconds)]) { $0.text("lease_owner") }
    }

    func releasePushLeases(of owner: String, at now: Date) throws -> Int {
        try connection.run(
            "UPDATE push_outbox SET due_at = $1, lease_owner = NULL, lease_until = NULL WHERE lease_owner = $2",
            [.integer(now.unixMilliseconds), .text(owner)])
    }
}
