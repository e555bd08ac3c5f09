import Foundation
import SLPDomain
import Synchronization

/// Hands out `U1`, `U2`, … (or a given prefix), one per call, thread-safely.
final class SequenceUserIDGenerator: UserIDGenerator {
    private let prefix: String
    private let counter = Mutex(0)

    init(prefix: String = "U") {
        self.prefix = prefix
    }

    func next() -> UserID {
        let number = counter.withLock { value in
            value += 1
            return value
        }
        // The prefix and digits are ASCII alphanumerics, so this is a valid uid.
        return try! UserID("\(prefix)\(number)")
    }

    /// How many identifiers were handed out.
    var issued: Int { counter.withLock { $0 } }
}
