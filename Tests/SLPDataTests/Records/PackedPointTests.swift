@testable import SLPData
import SLPDomain
import SLPSupport
import XCTest

/// A shown point in one integer: every point `ShownPlaces` gives comes back as the very same
/// numbers, the corners of the world too, and an integer that holds none gives none.
final class PackedPointTests: XCTestCase {
    func testEveryShownPointComesBackAsItWentIn() throws {
        for (latitude, longitude) in [(-90.0, -180.0), (90, 180), (-90, 180), (90, -180), (0, 0), (-0.000_01, 179.999_99), (37.566_5, 126.978)] {
            let point = try Coordinate(latitude: latitude, longitude: longitude)
            let back = try XCTUnwrap(PackedPoint.point(PackedPoint.packed(point)))
            XCTAssertEqual(back.latitude.bitPattern, point.latitude.bitPattern, "\(point)")
            XCTAssertEqual(back.longitude.bitPattern, point.longitude.bitPattern, "\(point)")
        }
        var random = SplitMix64(seed: 49)
        let places = ShownPlaces(key: try HMACKeyedHash(key: Array(repeating: 49, count: 32)))
        for _ in 0..<10_000 {
            let shown = places.point(for: try Coordinate(latitude: random.nextUnit() * 180 - 90, longitude: random.nextUnit() * 360 - 180))
            let back = try XCTUnwrap(PackedPoint.point(PackedPoint.packed(shown)))
            XCTAssertEqual([back.latitude.bitPattern, back.longitude.bitPattern], [shown.latitude.bitPattern, shown.longitude.bitPattern])
        }
    }

    func testAnIntegerThatHoldsNoPointGivesNone() {
        XCTAssertNil(PackedPoint.point(PackedPoint.missing))
        XCTAssertNil(PackedPoint.point(-5))
        XCTAssertNil(PackedPoint.point(18_000_001 * 36_000_001), "north of the pole")
    }
}
