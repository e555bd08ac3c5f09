#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Date {
    /// Dates are stored as whole Unix milliseconds, the precision of the JSON output.
    init(unixMilliseconds: Int64) {
        self.init(timeIntervalSince1970: TimeInterval(unixMilliseconds) / 1_000)
    }

    var unixMilliseconds: Int64 { Int64((timeIntervalSince1970 * 1_000).rounded()) }

    /// The whole millisecond this instant falls in, for "after this time" queries: a stored time
    /// read back (off by a rounding error either way) maps to itself, 12.6 ms maps to 12.
    var unixMillisecondsDown: Int64 { Int64((timeIntervalSince1970 * 1_000 + 1e-4).rounded(.down)) }
}
