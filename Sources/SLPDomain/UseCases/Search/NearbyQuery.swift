
/// What the storage is asked for: waiting users around a point, before the personal rules.
public struct NearbyQuery: Equatable, Sendable {
    public let center: Coordinate
    /// Metres; users exactly on the radius are included.
    public let radius: Double
    /// Only users listing this study or `anything`.
    public let study: Study?
    /// Never these users (me, and those I reported or who reported me): a handful, so a list;
    /// a `Set<UserID>` had its type built at run time in every search process, looking up
    /// `UserID: Hashable` among all the binary's conformance records.
    public let excluding: [UserID]
    /// Only the nearest this many.
    public let limit: Int?

    public init(center: Coordinate, radius: Double, study: Study?, excluding: [UserID], limit: Int?) {
        self.center = center
        self.radius = radius
        self.study = study
        self.excluding = excluding
        self.limit = limit
    }
}
