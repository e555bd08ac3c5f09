import Foundation
import SLPDomain
import SLPSupport
import SLPTestSupport
import XCTest

final class DisplacementTests: XCTestCase {
    func testOnlyFiftyToAHundredAndFiftyMetresAtABearingUnderAFullTurn() {
        XCTAssertNoThrow(try Displacement(centidegrees: 0, centimetres: 5_000))
        XCTAssertNoThrow(try Displacement(centidegrees: 35_999, centimetres: 15_000))
        for (centidegrees, centimetres) in [(-1, 10_000), (36_000, 10_000), (0, 4_999), (0, 15_001)] {
            XCTAssertThrowsInvalid(try Displacement(centidegrees: centidegrees, centimetres: centimetres), code: "invalid_displacement")
        }
        for (bearing, distance) in [(Double.nan, 100.0), (0, .infinity), (0, 49.99), (-0.01, 100), (1e300, 100)] {
            XCTAssertThrowsInvalid(try Displacement(bearing: bearing, distance: distance), code: "invalid_displacement")
        }
        XCTAssertEqual(try Displacement(bearing: 359.999, distance: 99.996), try Displacement(centidegrees: 0, centimetres: 10_000),
                       "to the hundredth of a degree and the centimetre")
    }

    func testDrawnEvenlyOverTheRing() {
        var random = SplitMix64(seed: 2026)
        let drawn = (0..<20_000).map { _ in Displacement.random(using: &random) }
        XCTAssertTrue(drawn.allSatisfy { Displacement.metres.contains($0.distance) })
        // Evenly over the area: within 100 m, (100² − 50²) / (150² − 50²) of them; half to the east.
        XCTAssertEqual(Double(drawn.count { $0.distance < 100 }) / 20_000, 0.375, accuracy: 0.02)
        XCTAssertEqual(Double(drawn.count { $0.bearing < 180 }) / 20_000, 0.5, accuracy: 0.02)
    }

    /// The shown point is the displacement away, in its direction, anywhere but near the poles.
    func testTheShownPointIsThatFarInThatDirection() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<2_000 {
            let place = Coordinate.at(-85 + 170 * random.nextUnit(), -180 + 360 * random.nextUnit())
            let displacement = Displacement.random(using: &random)
            let shown = place.displaced(by: displacement)
            XCTAssertEqual(place.distance(to: shown), displacement.distance, accuracy: 0.05, "\(place) \(displacement)")
            XCTAssertEqual(shown.latitude > place.latitude, cos(displacement.bearing * .pi / 180) > 0, "\(place) \(displacement)")
        }
        // Across the antimeridian, onto the other side.
        let east = Coordinate.at(0, 179.9999).displaced(by: .of(100, bearing: 90))
        XCTAssertLessThan(east.longitude, -179.99)
    }
}
