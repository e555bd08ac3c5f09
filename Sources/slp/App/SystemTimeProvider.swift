import Foundation
import SLPDomain

/// The wall clock.
struct SystemTimeProvider: TimeProvider {
    var now: Date { Date() }
}
