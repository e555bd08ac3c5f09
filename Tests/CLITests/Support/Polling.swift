import Foundation

/// Waiting for something to hold, looking again and again: a deadline far beyond what a slow
/// machine needs costs time only when the test fails.
enum Polling {
    /// Whether `condition` held within `seconds`, looked at every `interval` seconds.
    static func until(_ seconds: Double = SLPBinary.patience, every interval: Double = 0.02, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(useconds_t(interval * 1e6))
        }
        return condition()
    }
}
