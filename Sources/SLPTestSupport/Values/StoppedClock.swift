import Foundation
import SLPDomain

/// A `TimeProvider` stopped at one instant: every reading is the same `now`.
package struct StoppedClock: TimeProvider {
    package let now: Date

    package init(_ now: Date) {
        self.now = now
    }

    /// Midday UTC of `year-month-day`, a valid date in a test.
    package init(year: Int, month: Int, day: Int) {
        now = (try! CalendarDate(year: year, month: month, day: day)).startOfDayUTC.addingTimeInterval(12 * 3_600)
    }
}
