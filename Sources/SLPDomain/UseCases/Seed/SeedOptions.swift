
/// How to grow a synthetic population.
public struct SeedOptions: Equatable, Sendable {
    public var count: Int
    public var seed: UInt64
    public var center: Coordinate
    /// People are spread over a disk of this radius.
    public var spreadKilometres: Double
    /// Most people in a few dense clusters instead of evenly spread.
    public var hotspots: Bool

    /// Seoul City Hall.
    public static let seoul = try! Coordinate(latitude: 37.5665, longitude: 126.9780)

    public init(count: Int, seed: UInt64 = 1, center: Coordinate = SeedOptions.seoul, spreadKilometres: Double = 15, hotspots: Bool = false) throws {
        guard count >= 1, count <= 10_000_000 else {
            throw DomainError.invalid("invalid_count", "seed adds 1 to 10 000 000 users")
        }
        guard spreadKilometres.isFinite, spreadKilometres > 0, spreadKilometres <= 2_000 else {
            throw DomainError.invalid("invalid_spread", "the spread is more than 0 and at most 2000 km")
        }
        self.count = count
        self.seed = seed
        self.center = center
        self.spreadKilometres = spreadKilometres
        self.hotspots = hotspots
    }
}
