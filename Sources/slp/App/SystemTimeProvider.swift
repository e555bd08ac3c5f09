#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// The wall clock.
struct SystemTimeProvider: TimeProvider {
    var now: Date { Date() }
}
