import SLPSupport

/// A point on Earth in degrees; latitude in [-90, 90], longitude in [-180, 180], both finite.
public struct Coordinate: Hashable, Sendable, CustomStringConvertible {
    public let latitude: Double
    public let longitude: Double

    /// Mean Earth radius (IUGG), the one SLP distances are computed with.
    public static let earthRadiusMetres = 6_371_008.8

    /// The latitudes and longitudes there are, in degrees.
    public static let latitudes: ClosedRange<Double> = -90...90
    public static let longitudes: ClosedRange<Double> = -180...180

    public init(latitude: Double, longitude: Double) throws {
        guard latitude.isFinite, Coordinate.latitudes.contains(latitude) else {
            throw DomainError.invalid("invalid_coordinate", "latitude must be a number from -90 to 90")
        }
        guard longitude.isFinite, Coordinate.longitudes.contains(longitude) else {
            throw DomainError.invalid("invalid_coordinate", "longitude must be a number from -180 to 180")
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Great-circle distance in metres (haversine).
    public func distance(to other: Coordinate) -> Double {
        let radians = Double.pi / 180
        let dLat = (other.latitude - latitude) * radians
        let dLong = (other.longitude - longitude) * radians
        let halfLat = Elementary.sin(dLat / 2), halfLong = Elementary.sin(dLong / 2)
        let a = halfLat * halfLat
            + Elementary.cos(latitude * radians) * Elementary.cos(other.latitude * radians) * halfLong * halfLong
        return 2 * Coordinate.earthRadiusMetres * Elementary.asin(min(1, a.squareRoot()))
    }

    public var description: String { "\(latitude),\(longitude)" }
}
