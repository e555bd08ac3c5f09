#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// The wall clock: this machine's, or another's (a database server's) by the difference
/// between the two measured when connecting.
struct SystemTimeProvider: TimeProvider {
    /// Seconds to add to this machine's clock.
    var offset: TimeInterval = 0

    var now: Date { Date().addingTimeInterval(offset) }
}
