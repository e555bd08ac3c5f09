import Foundation
import SLPDomain

/// A clock stopped at one instant (`SLP_NOW`), for scripted simulations and tests.
struct FixedTimeProvider: TimeProvider {
    let now: Date
}
