/// The person-to-person rules of search: who may appear in my results.
public struct SearchCriteria: Equatable, Sendable {
    /// The day ages are counted on.
    public let today: CalendarDate
    /// My age today: a candidate's accepted ages must include it.
    public let myAge: Int
    /// The partner ages I accept.
    public let acceptedAges: AgeRange
    /// Only this gender, when filtering.
    public let gender: Gender?
    /// The birth days (`CalendarDate.daysSinceEpoch`) of everyone of an age I accept today.
    @usableFromInline let acceptedBirthDays: ClosedRange<Int>

    public init(me: User, today: CalendarDate, gender: Gender?) {
        self.today = today
        myAge = me.birth.age(on: today)
        acceptedAges = me.ageRange
        self.gender = gender
        let dates = me.ageRange.birthDates(on: today)
        acceptedBirthDays = dates.lowerBound.daysSinceEpoch...dates.upperBound.daysSinceEpoch
    }

    /// True when `candidate` may be listed.
    public func admits(_ candidate: User) -> Bool {
        admits(
            gender: candidate.gender, searchable: candidate.searchable, birthDay: candidate.birth.date.daysSinceEpoch,
            ageMin: candidate.ageRange.min, ageMax: candidate.ageRange.max)
    }

    /// The rule on a candidate's bare traits (storage keeps them packed, and asks for every row
    /// a search scans): searchable, of the wanted gender, of an age I accept (born on
    /// `birthDay`), and accepting mine (`ageMin` to `ageMax`).
    @inlinable
    public func admits(gender: Gender, searchable: Bool, birthDay: Int, ageMin: Int, ageMax: Int) -> Bool {
        searchable
            && (self.gender == nil || gender == self.gender)
            && acceptedBirthDays.contains(birthDay)
            && ageMin <= myAge && myAge <= ageMax
    }
}
