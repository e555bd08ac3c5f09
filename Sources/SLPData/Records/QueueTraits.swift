import SLPDomain

/// What search's person rules ask of a waiting user, packed in one integer (`queue.traits`,
/// copied into `queue_studies.traits`) that a scan checks before it reads the card.
///
/// Bits, lowest first: gender (1), searchable (1), the youngest partner age accepted
/// (`ageBits`), the oldest (`ageBits`), then the birth day as days since 1970-01-01 (signed,
/// the remaining bits). This is the only definition of the layout.
struct QueueTraits: Equatable {
    let gender: Gender
    let searchable: Bool
    let ageMin: Int
    let ageMax: Int
    /// `CalendarDate.daysSinceEpoch` of the birth date.
    let birthDay: Int

    /// Bits of each age: every age `AgeRange` allows fits (a test holds the two together).
    static let ageBits = 7
    private static let ageMinShift: Int64 = 2
    private static let ageMaxShift = ageMinShift + Int64(ageBits)
    private static let birthDayShift = ageMaxShift + Int64(ageBits)
    private static let ageMask: Int64 = 1 << Int64(ageBits) - 1

    init(gender: Gender, searchable: Bool, ageMin: Int, ageMax: Int, birthDay: Int) {
        self.gender = gender
        self.searchable = searchable
        self.ageMin = ageMin
        self.ageMax = ageMax
        self.birthDay = birthDay
    }

    init(of user: User) {
        self.init(
            gender: user.gender, searchable: user.searchable, ageMin: user.ageRange.min, ageMax: user.ageRange.max,
            birthDay: user.birth.date.daysSinceEpoch)
    }

    init(packed: Int64) {
        gender = packed & 1 == 0 ? .female : .male
        searchable = packed & 2 != 0
        ageMin = Int(packed >> Self.ageMinShift & Self.ageMask)
        ageMax = Int(packed >> Self.ageMaxShift & Self.ageMask)
        birthDay = Int(packed >> Self.birthDayShift)
    }

    /// The integer; refuses ages that do not fit their bits.
    func packed() throws(QueueDocumentError) -> Int64 {
        for age in [ageMin, ageMax] where !(0...Int(Self.ageMask)).contains(age) {
            throw QueueDocumentError("the traits' age \(age) does not fit in \(Self.ageBits) bits")
        }
        return Int64(gender.rawValue) | (searchable ? 2 : 0) | Int64(ageMin) << Self.ageMinShift
            | Int64(ageMax) << Self.ageMaxShift | Int64(birthDay) << Self.birthDayShift
    }
}
