#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A day of the proleptic Gregorian calendar, with no time zone of its own.
public struct CalendarDate: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Accepts only real days (no 30 February), years 1–9999.
    public init(year: Int, month: Int, day: Int) throws {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...CalendarDate.daysIn(month: month, year: year)).contains(day) else {
            throw DomainError.invalid("invalid_date", "\(year)-\(month)-\(day) is not a calendar date")
        }
        self.year = year
        self.month = month
        self.day = day
    }

    private init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The UTC day containing `date`.
    public init(utcDayOf date: Date) {
        self.init(daysSinceEpoch: Int((date.timeIntervalSince1970 / 86_400).rounded(.down)))
    }

    /// The day `days` after 1970-01-01 (before it when negative).
    public init(daysSinceEpoch days: Int) {
        // Howard Hinnant's civil_from_days: exact for the whole proleptic Gregorian calendar.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.init(unchecked: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days since 1970-01-01 (negative before).
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Midnight UTC at the start of this day.
    public var startOfDayUTC: Date { Date(timeIntervalSince1970: TimeInterval(daysSinceEpoch) * 86_400) }

    /// The same month and day `years` earlier (29 February becomes 28 February in common years).
    public func yearsEarlier(_ years: Int) -> CalendarDate {
        let year = max(1, self.year - years)
        return CalendarDate(unchecked: year, month, min(day, CalendarDate.daysIn(month: month, year: year)))
    }

    /// Full years from this date to `other` (a birthday on 29 February counts on 1 March).
    public func fullYears(until other: CalendarDate) -> Int {
        let years = other.year - year
        return (other.month, other.day) < (month, day) ? years - 1 : years
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func digits(_ value: Int, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        return "\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2))"
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
