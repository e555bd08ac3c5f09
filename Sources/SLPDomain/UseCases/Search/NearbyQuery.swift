
/// What search asks storage for: the waiting users around a point that I may see.
public struct NearbyQuery: Equatable, Sendable {
    public let center: Coordinate
    /// Metres; users exactly on the radius are included.
    public let radius: Double
    /// Only users listing this study or `anything`.
    public let study: Study?
    /// Who may appear, person to person.
    public let criteria: SearchCriteria
    /// Never these users: me, those I reported and those who reported me.
    public let excluding: Set<UserID>
    /// Only the nearest this many.
    public let limit: Int?
    /// Where the people found are placed, and measured from.
    public let positions: SearchPositions

    public init(
        center: Coordinate, radius: Double, study: Study?, criteria: SearchCriteria, excluding: Set<UserID>, limit: Int?,
        positions: SearchPositions = .exact
    ) {
        self.center = center
        self.radius = radius
        self.study = study
        self.criteria = criteria
        self.excluding = excluding
        self.limit = limit
        self.positions = positions
    }
}
