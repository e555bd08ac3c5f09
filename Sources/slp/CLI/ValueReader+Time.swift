#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPCommandLine

extension ValueReader where Value == Date, Failure == UsageError {
    /// An ISO 8601 time, as slp prints them: `2026-11-21T09:30:00.000Z`.
    static var time: Self {
        Self { text, option throws(UsageError) in
            guard let date = Timestamp.parse(text) else {
                throw UsageError(message: "\(option): '\(ValueSyntax.printable(text))' is not an ISO 8601 time", code: "invalid_value")
            }
            return date
        }
    }
}
