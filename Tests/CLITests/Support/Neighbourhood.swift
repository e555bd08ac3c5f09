import Foundation
import XCTest

/// People waiting around me at known offsets, registered and queued through the binary, for
/// the pictures of search (`map`, `search --geojson`).
struct Neighbourhood {
    let me: String
    /// uid by name: north, east, south1, south2, west, hidden.
    let people: [String: String]
    static let center = (latitude: 37.5665, longitude: 126.978)
    /// Metres in one degree of latitude on slp's sphere.
    static let metresPerDegree = 6_371_008.8 * Double.pi / 180

    /// The point `north` and `east` metres from the centre (a plane this small is exact to centimetres).
    static func offset(north: Double, east: Double) -> (latitude: Double, longitude: Double) {
        (center.latitude + north / metresPerDegree,
         center.longitude + east / (metresPerDegree * cos(center.latitude * Double.pi / 180)))
    }

    /// Me at the centre (studying swift), and around me: 350 m north, 350 m east (also swift),
    /// two 210 m south, 420 m west, and someone hidden (searchable off) 280 m north-east.
    static func make(_ slp: SLPBinary, file: StaticString = #filePath, line: UInt = #line) throws -> Neighbourhood {
        func register(_ number: Int, _ nick: String) throws -> String {
            let result = try slp.run([
                "register", "--phone", "010-5555-\(String(format: "%04d", number))", "--nick", nick, "--birth", "1996-06-06",
                "--email", "n\(number)@example.com", "--gender", number.isMultiple(of: 2) ? "female" : "male",
            ])
            XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
            return result.stdout.trimmingCharacters(in: .newlines)
        }
        func queue(_ uid: String, north: Double, east: Double, study: String) throws {
            let place = offset(north: north, east: east)
            let result = try slp.run(["queue", "--as", uid, "--lat", "\(place.latitude)", "--long", "\(place.longitude)", "--study", study])
            XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        }
        let me = try register(1, "나")
        try queue(me, north: 0, east: 0, study: "swift")
        var people: [String: String] = [:]
        for (number, name, north, east, study) in [
            (2, "north", 350.0, 0.0, "go"), (3, "east", 0, 350, "swift"), (4, "south1", -210, 0, "go"),
            (5, "south2", -210, 0, "rust"), (6, "west", 0, -420, "go"), (7, "hidden", 198, 198, "go"),
        ] {
            let uid = try register(number, name)
            try queue(uid, north: north, east: east, study: study)
            people[name] = uid
        }
        let hidden = try slp.run(["user", "update", "--as", people["hidden"]!, "--searchable", "off"])
        XCTAssertEqual(hidden.status, 0, hidden.stderr, file: file, line: line)
        return Neighbourhood(me: me, people: people)
    }
}
