
/// A date of birth; registration requires `minimumAge` full years on the current UTC day.
public struct BirthDate: Hashable, Sendable, CustomStringConvertible {
    public let date: CalendarDate

    /// Youngest age allowed to register.
    public static let minimumAge = 17
    /// The earliest birth date accepted: anything before is a typing mistake, not a person.
    public static let earliest = try! CalendarDate(year: 1900, month: 1, day: 1)

    /// Accepts a birth date from `earliest` on, at least `minimumAge` full years before `today`.
    public init(_ date: CalendarDate, today: CalendarDate) throws {
        guard date >= BirthDate.earliest else {
            throw DomainError.invalid("invalid_birth", "a birth date is \(BirthDate.earliest) or later (got \(date))")
        }
        guard date <= today else {
            throw DomainError.invalid("invalid_birth", "a birth date cannot be in the future (\(date))")
        }
        let age = date.fullYears(until: today)
        guard age >= BirthDate.minimumAge else {
            throw DomainError.invalid(
                "too_young", "you must be at least \(BirthDate.minimumAge) years old to register (age \(age))")
        }
        self.date = date
    }

    /// Restores a stored birth date without re-checking the age rule.
    public init(stored date: CalendarDate) {
        self.date = date
    }

    /// Full years on `today`.
    public func age(on today: CalendarDate) -> Int { date.fullYears(until: today) }

    public var description: String { date.description }
}
