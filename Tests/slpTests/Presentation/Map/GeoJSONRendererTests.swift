import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

@testable import SLPCommandLine
@testable import slp

/// `search --geojson` as RFC 7946 asks: positions longitude first, rings closed and
/// counter-clockwise, every vertex on the circle, the antimeridian and the poles handled.
final class GeoJSONRendererTests: XCTestCase {

    /// Twice the signed area of a ring in the plane of longitude and latitude: positive when
    /// counter-clockwise.
    static func signedArea(_ ring: [[Double]]) -> Double {
        zip(ring, ring.dropFirst()).reduce(0) { $0 + $1.0[0] * $1.1[1] - $1.1[0] * $1.0[1] }
    }

    private func document(_ surroundings: Surroundings) throws -> [String: Any] {
        let output = GeoJSONRenderer(format: .json).render(surroundings)
        XCTAssertTrue(output.stdoutText.hasSuffix("}\n"))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.stdoutText.utf8)) as? [String: Any])
    }

    func testAFeatureCollectionOfTheCircleEachPersonAndMe() throws {
        let near = MapFixture.person("NEAR", 120, bearing: 45, studies: ["swift", "go"], shared: ["swift"])
        let asked = MapFixture.person("ASKED", 300, bearing: 200)
        let faraway = MapFixture.person("FAR", 3_000, bearing: 10)
        let json = try document(MapFixture.surroundings([near, asked], requested: [asked, faraway]))
        XCTAssertEqual(json["type"] as? String, "FeatureCollection")
        let features = try XCTUnwrap(json["features"] as? [[String: Any]])
        XCTAssertEqual(features.count, 5, "the circle, three people, me")
        XCTAssertTrue(features.allSatisfy { $0["type"] as? String == "Feature" })
        let geometries = features.compactMap { $0["geometry"] as? [String: Any] }
        XCTAssertEqual(geometries.compactMap { $0["type"] as? String }, ["Polygon", "Point", "Point", "Point", "Point"])
        let properties = features.compactMap { $0["properties"] as? [String: Any] }
        XCTAssertEqual(properties[0]["radius"] as? Int, 700)
        XCTAssertEqual(properties[1]["uid"] as? String, "NEAR")
        XCTAssertEqual(properties[1]["nick"] as? String, "nNEAR")
        XCTAssertEqual(properties[1]["distance"] as? Int, 120)
        XCTAssertEqual(properties[1]["studylist"] as? [String], ["swift", "go"])
        XCTAssertEqual(properties[1]["shared"] as? [String], ["swift"])
        XCTAssertEqual(properties[1]["requested"] as? Bool, false)
        XCTAssertEqual(properties[2]["uid"] as? String, "ASKED")
        XCTAssertEqual(properties[2]["requested"] as? Bool, true)
        XCTAssertEqual(properties[3]["uid"] as? String, "FAR", "asked me from outside the circle")
        XCTAssertEqual(properties[3]["requested"] as? Bool, true)
        XCTAssertEqual(properties[4]["me"] as? Bool, true)
        XCTAssertEqual(properties[4]["uid"] as? String, "ME")
        XCTAssertEqual(properties[4]["studylist"] as? [String], ["swift"])
        XCTAssertEqual(geometries[1]["coordinates"] as? [Double], [near.coordinate.longitude, near.coordinate.latitude], "longitude first")
        XCTAssertEqual(geometries[4]["coordinates"] as? [Double], [126.978, 37.5665])

        let rings = try XCTUnwrap(geometries[0]["coordinates"] as? [[[Double]]])
        XCTAssertEqual(rings.count, 1)
        let ring = rings[0]
        XCTAssertEqual(ring.count, GeodesicCircle.vertices + 1)
        XCTAssertEqual(ring.first, ring.last, "closed")
        XCTAssertGreaterThan(Self.signedArea(ring), 0, "counter-clockwise")
        for position in ring {
            let distance = MapFixture.center.distance(to: .at(position[1], position[0]))
            XCTAssertEqual(distance, 700, accuracy: 0.05, "on the circle: \(position)")
        }
    }

    func testACircleAcrossTheAntimeridianIsCutInTwoThere() throws {
        let center = Coordinate.at(-16.5, 179.99)
        let json = try document(MapFixture.surroundings([], center: center, radius: 5_000))
        let features = try XCTUnwrap(json["features"] as? [[String: Any]])
        let geometry = try XCTUnwrap(features[0]["geometry"] as? [String: Any])
        XCTAssertEqual(geometry["type"] as? String, "MultiPolygon")
        let polygons = try XCTUnwrap(geometry["coordinates"] as? [[[[Double]]]])
        XCTAssertEqual(polygons.count, 2)
        for polygon in polygons {
            let ring = polygon[0]
            XCTAssertEqual(ring.first, ring.last)
            XCTAssertGreaterThanOrEqual(ring.count, 4)
            XCTAssertGreaterThan(Self.signedArea(ring), 0)
            XCTAssertTrue(ring.allSatisfy { (-180...180).contains($0[0]) && (-90...90).contains($0[1]) })
        }
        // Each part reaches the antimeridian on its own side, and together they hold every vertex.
        XCTAssertTrue(polygons[0][0].contains { $0[0] == 180 } && polygons[1][0].contains { $0[0] == -180 })
        XCTAssertEqual(polygons[0][0].count + polygons[1][0].count, GeodesicCircle.vertices + 2 * 2 + 2)
    }

    func testACircleHoldingAPoleRunsOverItAlongTheMapsEdge() throws {
        for (latitude, pole) in [(89.99, 90.0), (-89.98, -90.0)] {
            let polygons = GeodesicCircle.polygons(center: .at(latitude, 30), radius: 5_000)
            XCTAssertEqual(polygons.count, 1)
            let ring = polygons[0]
            XCTAssertEqual(ring.first, ring.last)
            XCTAssertGreaterThan(Self.signedArea(ring), 0, "counter-clockwise around \(pole)")
            XCTAssertTrue(ring.contains([180, pole]) && ring.contains([-180, pole]))
            XCTAssertTrue(ring.allSatisfy { (-180...180).contains($0[0]) && (-90...90).contains($0[1]) })
        }
    }
}
