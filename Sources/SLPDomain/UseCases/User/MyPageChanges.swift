/// The fields of my page a person may change; nil leaves a field as it is.
public struct MyPageChanges: Equatable, Sendable {
    public var searchable: Bool?
    public var ageMin: Int?
    public var ageMax: Int?
    public var gender: Gender?
    public var study: String?

    public init(searchable: Bool? = nil, ageMin: Int? = nil, ageMax: Int? = nil, gender: Gender? = nil, study: String? = nil) {
        self.searchable = searchable
        self.ageMin = ageMin
        self.ageMax = ageMax
        self.gender = gender
        self.study = study
    }

    /// True when no field is set.
    public var isEmpty: Bool { self == MyPageChanges() }

    /// Refuses a value that can never be accepted, before anything is read: a study line out of
    /// its bounds, an age range that is wrong on its own.
    func validate() throws {
        _ = try study.map { try FavoriteStudy($0) }
        if let ageMin, let ageMax { _ = try AgeRange(min: ageMin, max: ageMax) }
    }

    /// Applies the changes to `user` as stored now: the age range is checked against the stored
    /// bound it keeps, so that minimum never passes maximum.
    func apply(to user: inout User) throws {
        user.ageRange = try AgeRange(min: ageMin ?? user.ageRange.min, max: ageMax ?? user.ageRange.max)
        if let searchable { user.searchable = searchable }
        if let gender { user.gender = gender }
        if let study { user.study = try FavoriteStudy(study) }
    }
}
