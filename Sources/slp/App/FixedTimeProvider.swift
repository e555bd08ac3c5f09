#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// A clock stopped at one instant (`SLP_NOW`), for scripted simulations and tests.
struct FixedTimeProvider: TimeProvider {
    let now: Date
}
