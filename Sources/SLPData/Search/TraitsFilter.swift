import SLPDomain

/// Search's person rules (`SearchCriteria`) asked of each scanned row's packed traits, before
/// its card is read.
struct TraitsFilter {
    private let criteria: SearchCriteria

    init(_ criteria: SearchCriteria) {
        self.criteria = criteria
    }

    func admits(_ packed: Int64) -> Bool {
        let traits = QueueTraits(packed: packed)
        return criteria.admits(
            gender: traits.gender, searchable: traits.searchable, birthDay: traits.birthDay, ageMin: traits.ageMin, ageMax: traits.ageMax)
    }
}
