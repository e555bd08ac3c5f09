import SLPDomain
import Synchronization

/// A `UserIDGenerator` handing out `U1`, `U2`, … (or another prefix) in order, one per call,
/// and counting them, safely from any thread.
package final class SequentialUserIDGenerator: UserIDGenerator {
    private let prefix: String
    private let counter = Mutex(0)

    package init(prefix: String = "U") {
        self.prefix = prefix
    }

    package func next() -> UserID {
        let number = counter.withLock { value in
            value += 1
            return value
        }
        // ASCII letters and digits: always a valid uid.
        return try! UserID("\(prefix)\(number)")
    }

    /// How many identifiers were handed out.
    package var issued: Int { counter.withLock { $0 } }
}
