
/// What search knows of a waiting user before loading their card: enough to apply every
/// person-to-person rule cheaply during the scan.
public struct CandidateTraits: Equatable, Sendable {
    public let gender: Gender
    /// Birth date as days since 1970-01-01.
    public let birthDay: Int
    public let ageMin: Int
    public let ageMax: Int
    public let searchable: Bool

    public init(gender: Gender, birthDay: Int, ageMin: Int, ageMax: Int, searchable: Bool) {
        self.gender = gender
        self.birthDay = birthDay
        self.ageMin = ageMin
        self.ageMax = ageMax
        self.searchable = searchable
    }
}
