import Foundation
import SLPDomain

/// Hands out the displacements it was given, in turn (from the first again after the last), so
/// that a test knows which one each entry into the queue draws.
package final class SequentialDisplacementGenerator: DisplacementGenerator, @unchecked Sendable {
    private let displacements: [Displacement]
    private let lock = NSLock()
    private var drawn = 0

    package init(_ displacements: [Displacement]) {
        precondition(!displacements.isEmpty, "a generator needs something to hand out")
        self.displacements = displacements
    }

    /// How many were drawn so far.
    package var count: Int { lock.withLock { drawn } }

    package func next() -> Displacement {
        lock.withLock {
            defer { drawn += 1 }
            return displacements[drawn % displacements.count]
        }
    }
}
