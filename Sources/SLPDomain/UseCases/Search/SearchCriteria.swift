
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

    public init(me: User, today: CalendarDate, gender: Gender?) {
        self.today = today
        myAge = me.birth.age(on: today)
        acceptedAges = me.ageRange
        self.gender = gender
    }

    /// True when `candidate` may be listed: searchable, of the wanted gender, of an age I
    /// accept, and accepting mine.
    public func admits(_ candidate: User) -> Bool {
        candidate.searchable
            && (gender == nil || candidate.gender == gender)
            && acceptedAges.contains(candidate.birth.age(on: today))
            && candidate.ageRange.contains(myAge)
    }
}
