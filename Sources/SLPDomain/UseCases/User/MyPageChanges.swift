
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
}
