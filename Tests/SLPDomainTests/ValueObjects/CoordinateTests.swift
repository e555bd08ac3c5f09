import SLPDomain
import SLPSupport
import XCTest

final class CoordinateTests: XCTestCase {
    func testAcceptsTheWholeRangeIncludingEdges() throws {
        for (lat, long) in [(0.0, 0.0), (90.0, 180.0), (-90.0, -180.0), (37.5663, 126.9779), (-33.87, 151.21)] {
            let coordinate = try Coordinate(latitude: lat, longitude: long)
            XCTAssertEqual(coordinate.latitude, lat)
            XCTAssertEqual(coordinate.longitude, long)
        }
    }

    func testRefusesNonFiniteAndOutOfRange() {
        let cases: [(Double, Double)] = [
            (.nan, 0), (0, .nan), (.infinity, 0), (0, -.infinity), (90.0001, 0), (-90.0001, 0), (0, 180.0001), (0, -180.0001),
        ]
        for (lat, long) in cases {
            XCTAssertNotNil(XCTAssertThrowsInvalid(try Coordinate(latitude: lat, longitude: long), code: "invalid_coordinate"), "\(lat),\(long)")
        }
        let latitude = XCTAssertThrowsInvalid(try Coordinate(latitude: 90.0001, longitude: 0), code: "invalid_coordinate")
        XCTAssertInvalidMessage(latitude, "latitude must be a number from -90 to 90")
        let longitude = XCTAssertThrowsInvalid(try Coordinate(latitude: 0, longitude: .nan), code: "invalid_coordinate")
        XCTAssertInvalidMessage(longitude, "longitude must be a number from -180 to 180")
    }

    func testSeoulCityHallToGangnamStationIsAbout8Point8Kilometres() throws {
        let cityHall = try Coordinate(latitude: 37.5663, longitude: 126.9779)
        let gangnam = try Coordinate(latitude: 37.4979, longitude: 127.0276)
        let distance = cityHall.distance(to: gangnam)
        XCTAssertEqual(distance, 8_800, accuracy: 88)
        XCTAssertEqual(gangnam.distance(to: cityHall), distance, accuracy: 1e-6)
        XCTAssertEqual(cityHall.distance(to: cityHall), 0)
    }

    func testOneDegreeOfLatitudeAndAntipodes() throws {
        let origin = try Coordinate(latitude: 0, longitude: 0)
        let north = try Coordinate(latitude: 1, longitude: 0)
        XCTAssertEqual(origin.distance(to: north), Coordinate.earthRadiusMetres * .pi / 180, accuracy: 1e-6)
        let antipode = try Coordinate(latitude: 0, longitude: 180)
        XCTAssertEqual(origin.distance(to: antipode), Coordinate.earthRadiusMetres * .pi, accuracy: 1e-3)
    }

    func testDescription() throws {
        XCTAssertEqual(try Coordinate(latitude: 37.5, longitude: -122.25).description, "37.5,-122.25")
    }

    /// The haversine on the support library's sine and arcsine stays within a millimetre of the one on libm.
    func testDistancesAgreeWithLibmToAMillimetre() throws {
        var random = SplitMix64(seed: 7)
        for _ in 0..<20_000 {
            let a = try Coordinate(latitude: random.nextUnit() * 180 - 90, longitude: random.nextUnit() * 360 - 180)
            let b = try Coordinate(latitude: random.nextUnit() * 180 - 90, longitude: random.nextUnit() * 360 - 180)
            let radians = Double.pi / 180
            let dLat = (b.latitude - a.latitude) * radians, dLong = (b.longitude - a.longitude) * radians
            let h = sin(dLat / 2) * sin(dLat / 2) + cos(a.latitude * radians) * cos(b.latitude * radians) * sin(dLong / 2) * sin(dLong / 2)
            let libm = 2 * Coordinate.earthRadiusMetres * asin(min(1, h.squareRoot()))
            XCTAssertEqual(a.distance(to: b), libm, accuracy: 0.001, "\(a) → \(b)")
        }
    }
}
