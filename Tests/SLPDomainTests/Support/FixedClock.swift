import Foundation
import SLPDomain

/// A clock stopped at one instant.
struct FixedClock: TimeProvider {
    let now: Date

    init(_ now: Date) {
        self.now = now
    }

    /// Midday UTC of `year-month-day`.
    init(year: Int, month: Int, day: Int) throws {
        let date = try CalendarDate(year: year, month: month, day: day)
        now = date.startOfDayUTC.addingTimeInterval(12 * 3_600)
    }
}
