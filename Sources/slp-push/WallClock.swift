#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// The wall clock of the machine that holds the data: never `SLP_NOW`, since leases, retries and
/// an hour's freshness are real time.
struct WallClock: TimeProvider {
    /// Seconds to add to this machine's clock (a database server's clock).
    let offset: TimeInterval

    var now: Date { Date().addingTimeInterval(offset) }
}
