import SLPDomain

/// Search's person rules (`SearchCriteria.admits`) put in terms of packed traits, so that a scan
/// decides on each row with a few integer comparisons before it reads the card.
struct TraitsFilter {
    private let gender: Gender?
    private let myAge: Int
    /// The birth days (`CalendarDate.daysSinceEpoch`) of the ages I accept.
    private let birthDays: ClosedRange<Int>

    init(_ criteria: SearchCriteria) {
        gender = criteria.gender
        myAge = criteria.myAge
        let dates = criteria.acceptedAges.birthDates(on: criteria.today)
        birthDays = dates.lowerBound.daysSinceEpoch...dates.upperBound.daysSinceEpoch
    }

    func admits(_ packed: Int64) -> Bool {
        let traits = QueueTraits(packed: packed)
        return traits.searchable
            && (gender == nil || traits.gender == gender)
            && birthDays.contains(traits.birthDay)
            && traits.ageMin <= myAge && myAge <= traits.ageMax
    }
}
