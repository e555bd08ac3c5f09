import Foundation
import SLPDomain

extension Coordinate {
    /// A coordinate known to be valid in a test.
    package static func at(_ latitude: Double, _ longitude: Double) -> Coordinate {
        try! Coordinate(latitude: latitude, longitude: longitude)
    }

    /// The point `metres` away along the great circle of `bearing` degrees (0 north, 90 east).
    package func moved(_ metres: Double, bearing: Double = 0) -> Coordinate {
        let radians = Double.pi / 180
        let delta = metres / Coordinate.earthRadiusMetres
        let phi = latitude * radians, theta = bearing * radians
        let phi2 = asin(min(1, max(-1, sin(phi) * cos(delta) + cos(phi) * sin(delta) * cos(theta))))
        var lambda = longitude * radians + atan2(sin(theta) * sin(delta) * cos(phi), cos(delta) - sin(phi) * sin(phi2))
        lambda = (lambda + 3 * Double.pi).truncatingRemainder(dividingBy: 2 * Double.pi) - Double.pi
        return Coordinate.at(min(90, max(-90, phi2 / radians)), min(180, max(-180, lambda / radians)))
    }
}
