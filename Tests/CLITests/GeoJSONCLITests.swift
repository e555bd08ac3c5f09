import Foundation
import XCTest

/// `slp search --geojson` through the binary, checked by the PyPI `geojson` package and against
/// RFC 7946 by hand: the same people as `search`, longitude first, the circle closed,
/// counter-clockwise and on the true radius, the antimeridian and a pole handled.
final class GeoJSONCLITests: XCTestCase {
    /// Great-circle metres on slp's sphere.
    private func distance(_ a: [Double], _ b: [Double]) -> Double {
        let radians = Double.pi / 180
        let dLat = (b[1] - a[1]) * radians, dLong = (b[0] - a[0]) * radians
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(a[1] * radians) * cos(b[1] * radians) * sin(dLong / 2) * sin(dLong / 2)
        return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
    }

    /// Twice the signed area in the plane of longitude and latitude: positive counter-clockwise.
    private func signedArea(_ ring: [[Double]]) -> Double {
        zip(ring, ring.dropFirst()).reduce(0) { $0 + $1.0[0] * $1.1[1] - $1.1[0] * $1.0[1] }
    }

    private func geoFeatures(_ result: SLPBinary.Result, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        XCTAssertEqual(try GeoJSONValidator.validate(result.stdout), try result.jsonObject()["features"].map { ($0 as? [Any])?.count ?? -1 },
                       "the geojson package accepts it", file: file, line: line)
        return try XCTUnwrap(try result.jsonObject()["features"] as? [[String: Any]], file: file, line: line)
    }

    func testTheSearchAsAFeatureCollectionGISToolsOpen() {
        TestBackend.each(self) { _, database, _ in
            let slp = SLPBinary(database: database)
            let place = try Neighbourhood.make(slp)
            let result = try slp.run("search", "--as", place.me, "--radius", "1000", "--geojson")
            XCTAssertTrue(result.stdout.hasPrefix(#"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Polygon","coordinates":[[["#))
            let features = try geoFeatures(result)
            let search = try slp.run("--json", "search", "--as", place.me, "--radius", "1000").jsonObject()
            let found = try XCTUnwrap(search["fromQueueDB"] as? [[String: Any]])
            XCTAssertEqual(features.count, 1 + found.count + 1)
            let me = [Neighbourhood.center.longitude, Neighbourhood.center.latitude]

            let circle = try XCTUnwrap(features.first?["geometry"] as? [String: Any])
            let ring = try XCTUnwrap((circle["coordinates"] as? [[[Double]]])?.first)
            XCTAssertGreaterThanOrEqual(ring.count, 65)
            XCTAssertEqual(ring.first, ring.last, "closed")
            XCTAssertGreaterThan(signedArea(ring), 0, "counter-clockwise")
            for position in ring { XCTAssertEqual(distance(me, position), 1_000, accuracy: 0.05) }
            XCTAssertEqual((features.first?["properties"] as? [String: Any])?["radius"] as? Int, 1_000)

            for (feature, card) in zip(features.dropFirst(), found) {
                let geometry = try XCTUnwrap(feature["geometry"] as? [String: Any])
                let properties = try XCTUnwrap(feature["properties"] as? [String: Any])
                XCTAssertEqual(geometry["type"] as? String, "Point")
                XCTAssertEqual(geometry["coordinates"] as? [Double], [card["long"] as? Double ?? 0, card["lat"] as? Double ?? 0])
                XCTAssertEqual(properties["uid"] as? String, card["uid"] as? String)
                XCTAssertEqual(properties["nick"] as? String, card["nick"] as? String)
                XCTAssertEqual(properties["distance"] as? Int, card["distance"] as? Int)
                XCTAssertEqual(properties["studylist"] as? [String], card["studylist"] as? [String])
                XCTAssertEqual(properties["shared"] as? [String], card["sharedStudies"] as? [String])
                XCTAssertEqual(properties["requested"] as? Bool, false)
            }
            let uids = features.dropFirst().dropLast().compactMap { ($0["properties"] as? [String: Any])?["uid"] as? String }
            XCTAssertEqual(uids, found.compactMap { $0["uid"] as? String }, "nearest first, as search")
            XCTAssertEqual(Set(uids), Set(["north", "east", "south1", "south2", "west"].compactMap { place.people[$0] }), "not the hidden one")
            let mine = try XCTUnwrap(features.last)
            XCTAssertEqual((mine["geometry"] as? [String: Any])?["coordinates"] as? [Double], me)
            XCTAssertEqual((mine["properties"] as? [String: Any])?["me"] as? Bool, true)
            XCTAssertEqual((mine["properties"] as? [String: Any])?["uid"] as? String, place.me)

            // Someone who asked me is marked.
            XCTAssertEqual(try slp.run("match", "request", place.me, "--as", place.people["west"]!).status, 0)
            let asked = try geoFeatures(try slp.run("search", "--as", place.me, "--geojson"))
            let west = asked.first { ($0["properties"] as? [String: Any])?["uid"] as? String == place.people["west"] }
            XCTAssertEqual((west?["properties"] as? [String: Any])?["requested"] as? Bool, true)
        }
    }

    func testACircleAcrossTheAntimeridianIsAMultiPolygonCutThere() throws {
        let directory = try TemporaryDirectory()
        let slp = SLPBinary(database: directory.path("slp.sqlite"))
        var uids: [String] = []
        for (number, longitude) in [(1, "179.995"), (2, "-179.995")] {
            let uid = try slp.run("register", "--phone", "010-6666-000\(number)", "--nick", "fiji\(number)", "--birth", "1990-01-01",
                                  "--email", "f\(number)@example.com", "--gender", "male").stdout.trimmingCharacters(in: .newlines)
            XCTAssertEqual(try slp.run("queue", "--as", uid, "--lat", "-16.5", "--long", longitude).status, 0)
            uids.append(uid)
        }
        let features = try geoFeatures(try slp.run("search", "--as", uids[0], "--radius", "5000", "--geojson"))
        let circle = try XCTUnwrap(features[0]["geometry"] as? [String: Any])
        XCTAssertEqual(circle["type"] as? String, "MultiPolygon")
        let polygons = try XCTUnwrap(circle["coordinates"] as? [[[[Double]]]])
        XCTAssertEqual(polygons.count, 2)
        for ring in polygons.map({ $0[0] }) {
            XCTAssertEqual(ring.first, ring.last)
            XCTAssertGreaterThan(signedArea(ring), 0)
            XCTAssertTrue(ring.allSatisfy { (-180...180).contains($0[0]) })
        }
        let neighbour = try XCTUnwrap(features[1]["geometry"] as? [String: Any])
        XCTAssertEqual(neighbour["coordinates"] as? [Double], [-179.995, -16.5], "found across the antimeridian, where they are")
        XCTAssertEqual((features[1]["properties"] as? [String: Any])?["distance"] as? Int, 1_066)
    }

    func testACircleAroundAPoleAndRefusals() throws {
        let directory = try TemporaryDirectory()
        let slp = SLPBinary(database: directory.path("slp.sqlite"))
        let uid = try slp.run("register", "--phone", "010-6666-0003", "--nick", "극지", "--birth", "1990-01-01",
                              "--email", "p@example.com", "--gender", "female").stdout.trimmingCharacters(in: .newlines)
        let features = try geoFeatures(try slp.run("search", "--as", uid, "--lat", "89.99", "--long", "0", "--radius", "5000", "--geojson"))
        let ring = try XCTUnwrap(((features[0]["geometry"] as? [String: Any])?["coordinates"] as? [[[Double]]])?.first)
        XCTAssertGreaterThan(signedArea(ring), 0)
        XCTAssertTrue(ring.contains([180, 90]) && ring.contains([-180, 90]), "over the pole")
        XCTAssertEqual((features[1]["properties"] as? [String: Any])?["studylist"] as? [String], [], "not queued: no studies")

        let notQueued = try slp.run("--json", "search", "--as", uid, "--geojson")
        XCTAssertEqual(notQueued.status, 1)
        XCTAssertEqual(notQueued.stdout, "")
        XCTAssertEqual(try notQueued.jsonError()["code"] as? String, "not_searching")
    }
}
