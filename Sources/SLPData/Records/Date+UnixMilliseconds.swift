import Foundation

extension Date {
    /// Dates are stored as whole Unix milliseconds, the precision of the JSON output.
    init(unixMilliseconds: Int64) {
        self.init(timeIntervalSince1970: TimeInterval(unixMilliseconds) / 1_000)
    }

    var unixMilliseconds: Int64 { Int64((timeIntervalSince1970 * 1_000).rounded()) }
}
