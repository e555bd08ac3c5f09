#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The service's notion of now; the wall clock in production, a fixed instant in scripts and tests.
public protocol TimeProvider: Sendable {
    var now: Date { get }
}
