#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SLPDomain

/// Points around a centre as metres east and north of it, each at its true great-circle
/// distance and in its true initial bearing (the azimuthal equidistant projection): on a map
/// drawn from these, every distance from the centre is exact, in every direction.
struct AzimuthalProjection {
    let center: Coordinate

    private static let radians = Double.pi / 180

    /// `point`, `distance` metres from the centre along the great circle, as east and north.
    func offset(of point: Coordinate, distance: Double) -> (east: Double, north: Double) {
        let bearing = bearing(to: point)
        return (distance * sin(bearing), distance * cos(bearing))
    }

    /// The initial bearing from the centre to `point`, in radians clockwise from north.
    func bearing(to point: Coordinate) -> Double {
        let r = Self.radians
        let phi1 = center.latitude * r, phi2 = point.latitude * r
        let deltaLambda = (point.longitude - center.longitude) * r
        return atan2(sin(deltaLambda) * cos(phi2), cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(deltaLambda))
    }

    /// The point `distance` metres from the centre at `bearing` (radians clockwise from north),
    /// its longitude continuous with the centre's (it may pass ±180 by as much as the circle does).
    func destination(bearing: Double, distance: Double) -> (latitude: Double, longitude: Double) {
        let r = Self.radians
        let delta = distance / Coordinate.earthRadiusMetres
        let phi1 = center.latitude * r
        let phi2 = asin(min(1, max(-1, sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(bearing))))
        let deltaLambda = atan2(sin(bearing) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sin(phi2))
        return (phi2 / r, center.longitude + deltaLambda / r)
    }
}
