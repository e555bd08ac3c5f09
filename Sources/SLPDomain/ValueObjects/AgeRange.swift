
/// The partner ages a user accepts: 18–65, minimum not above maximum.
public struct AgeRange: Hashable, Sendable, CustomStringConvertible {
    public let min: Int
    public let max: Int

    /// The bounds any range must stay within.
    public static let limits = 18...65
    /// Everyone starts accepting every age.
    public static let all = AgeRange(validated: limits.lowerBound, limits.upperBound)

    public init(min: Int, max: Int) throws {
        guard AgeRange.limits.contains(min), AgeRange.limits.contains(max) else {
            throw DomainError.invalid("invalid_age_range", "ages are between 18 and 65 (got \(min)–\(max))")
        }
        guard min <= max else {
            throw DomainError.invalid("invalid_age_range", "the minimum age \(min) is above the maximum \(max)")
        }
        self.min = min
        self.max = max
    }

    private init(validated min: Int, _ max: Int) {
        self.min = min
        self.max = max
    }

    public func contains(_ age: Int) -> Bool { (min...max).contains(age) }

    /// The birth dates of everyone whose age on `day` is in this range: born on or before the
    /// day `min` years earlier, and after the day `max + 1` years earlier.
    public func birthDates(on day: CalendarDate) -> ClosedRange<CalendarDate> {
        let latest = day.yearsEarlier(min)
        let earliest = CalendarDate(daysSinceEpoch: day.yearsEarlier(max + 1).daysSinceEpoch + 1)
        return earliest...latest
    }

    public var description: String { "\(min)–\(max)" }
}
