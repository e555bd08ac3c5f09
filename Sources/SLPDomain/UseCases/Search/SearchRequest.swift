
/// What a person searches for; rules on each value are checked by `SearchNearbyUseCase`.
public struct SearchRequest: Equatable, Sendable {
    /// Where to search; nil means my queued position.
    public var center: Coordinate?
    /// Metres, 1 to 50 000.
    public var radius: Double
    /// Only users who list this study or `anything`; nil, empty or blank for everyone.
    public var study: String?
    public var gender: Gender?
    /// Keep only the nearest this many (at least 1).
    public var limit: Int?
    /// Where the people found are placed: exactly (the command line) or where the API shows them.
    public var positions: SearchPositions

    /// The SLP app's radius.
    public static let defaultRadius = 700.0
    public static let maxRadius = 50_000.0

    public init(
        center: Coordinate? = nil, radius: Double = SearchRequest.defaultRadius, study: String? = nil, gender: Gender? = nil,
        limit: Int? = nil, positions: SearchPositions = .exact
    ) {
        self.center = center
        self.radius = radius
        self.study = study
        self.gender = gender
        self.limit = limit
        self.positions = positions
    }
}
