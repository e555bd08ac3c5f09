
/// The person-to-person rules of search: who may appear in my results.
///
/// Ages are turned into a range of birth days once, so each candidate costs a few comparisons.
public struct SearchCriteria: Sendable {
    /// My age today: the candidate's accepted range must include it.
    public let myAge: Int
    /// Candidates born on these days (since 1970-01-01) are within my accepted ages.
    public let birthDays: ClosedRange<Int>
    /// Only this gender, when filtering.
    public let gender: Gender?

    public init(me: User, today: CalendarDate, gender: Gender?) {
        myAge = me.birth.age(on: today)
        // Age ≥ min ⇔ born on or before today minus min years; age ≤ max ⇔ born after today minus (max + 1) years.
        let latest = CalendarDate.yearsBefore(today, me.ageRange.min).daysSinceEpoch
        let earliest = CalendarDate.yearsBefore(today, me.ageRange.max + 1).daysSinceEpoch + 1
        birthDays = earliest...max(earliest, latest)
        self.gender = gender
    }

    /// True when the candidate may be listed: searchable, of the wanted gender, in my age
    /// range, and with an age range that includes me.
    public func admits(_ candidate: CandidateTraits) -> Bool {
        candidate.searchable
            && (gender == nil || candidate.gender == gender)
            && birthDays.contains(candidate.birthDay)
            && candidate.ageMin <= myAge && myAge <= candidate.ageMax
    }
}

extension CalendarDate {
    /// The same month and day `years` earlier (29 February becomes 28 February in common years).
    static func yearsBefore(_ date: CalendarDate, _ years: Int) -> CalendarDate {
        let year = max(1, date.year - years)
        let day = min(date.day, CalendarDate.daysIn(month: date.month, year: year))
        // Month and day are valid by construction.
        return (try? CalendarDate(year: year, month: date.month, day: day)) ?? date
    }
}
