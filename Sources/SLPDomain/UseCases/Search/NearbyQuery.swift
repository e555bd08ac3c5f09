
/// What the storage is asked for: waiting users around a point, before the personal rules.
public struct NearbyQuery: Equatable, Sendable {
    public let center: Coordinate
    /// Metres; users exactly on the radius are included.
    public let radius: Double
    /// Only users listing this study or `anything`.
    public let study: Study?
    /// Never these users (me, and those I reported or who reported me).
    public let excluding: Set<UserID>
    /// Only the nearest this many.
    public let limit: Int?

    public init(center: Coordinate, radius: Double, study: Study?, excluding: Set<UserID>, limit: Int?) {
        self.center = center
        self.radius = radius
        self.study = study
        self.excluding = excluding
        self.limit = limit
    }
}
