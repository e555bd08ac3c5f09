import Foundation
import XCTest

/// Where someone stands, as the API tells it (SPEC §6): each waiting person at the one point of
/// their cell of about 100 m, the same from every search and on every entry, from which the
/// API's search also decides who is within the radius, how far and in what order; the command
/// line (operators) keeps exact places. On every backend. (The attacks on it:
/// `APIShownPointAttacksCLITests`.)
final class APIWhereSomeoneStandsCLITests: XCTestCase {
    private typealias Place = (latitude: Double, longitude: Double)

    /// Metres north and east from `a` to `b` (a plane this small is exact to centimetres).
    private func offset(_ a: Place, _ b: Place) -> (north: Double, east: Double) {
        ((b.latitude - a.latitude) * Neighbourhood.metresPerDegree,
         (b.longitude - a.longitude) * Neighbourhood.metresPerDegree * cos(a.latitude * Double.pi / 180))
    }

    private func distance(_ a: Place, _ b: Place) -> Double {
        let (north, east) = offset(a, b)
        return (north * north + east * east).squareRoot()
    }

    /// The point `metres` from `a` along the unit direction (north, east).
    private func moved(_ a: Place, _ metres: Double, _ direction: (north: Double, east: Double)) -> Place {
        (a.latitude + metres * direction.north / Neighbourhood.metresPerDegree,
         a.longitude + metres * direction.east / (Neighbourhood.metresPerDegree * cos(a.latitude * Double.pi / 180)))
    }

    private func cards(_ body: Data) throws -> [(uid: String, place: Place, distance: Int)] {
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let found = try XCTUnwrap(document["fromQueueDB"] as? [[String: Any]])
        return try found.map { card in
            (try XCTUnwrap(card["uid"] as? String),
             (try XCTUnwrap(card["lat"] as? Double), try XCTUnwrap(card["long"] as? Double)), try XCTUnwrap(card["distance"] as? Int))
        }
    }

    func testTheAPIShowsEachWaitingPersonAtThePointOfTheirCellAndDecidesFromThere() {
        TestBackend.each(self) { _, database, _ in
            let slp = SLPBinary(database: database)
            let town = try Neighbourhood.make(slp)
            let exact: [String: Place] = [
                town.me: Neighbourhood.center, town.people["north"]!: Neighbourhood.offset(north: 350, east: 0),
                town.people["east"]!: Neighbourhood.offset(north: 0, east: 350), town.people["south1"]!: Neighbourhood.offset(north: -210, east: 0),
                town.people["south2"]!: Neighbourhood.offset(north: -210, east: 0), town.people["west"]!: Neighbourhood.offset(north: 0, east: -420),
            ]
            // A stranger: registered, not even waiting.
            let stranger = try slp.run("register", "--phone", "010-5555-0099", "--nick", "낯선", "--birth", "1996-06-06", "--email", "s@example.com", "--gender", "male")
                .stdout.trimmingCharacters(in: .newlines)
            let token = try slp.run("token", "--as", stranger).stdout.trimmingCharacters(in: .newlines)
            let server = try ServedSLP(slp)
            let http = server.client
            func search(_ center: Place, as caller: String = token) throws -> [(uid: String, place: Place, distance: Int)] {
                let answer = try http.form("POST", "/v1/queue/search", token: caller, "lat=\(center.latitude)&long=\(center.longitude)")
                XCTAssertEqual(answer.status, 200, answer.text)
                return try cards(answer.body)
            }

            let first = try search(Neighbourhood.center)
            XCTAssertEqual(Set(first.map(\.uid)), Set(exact.keys), "everyone searchable within 700 m of where they are shown")
            for card in first {
                XCTAssertEqual(PublishedCellGrid.cell(card.place), PublishedCellGrid.cell(try XCTUnwrap(exact[card.uid])), "shown in their own cell")
                XCTAssertEqual(Double(card.distance), distance(Neighbourhood.center, card.place), accuracy: 1, "the distance is to the shown point")
            }
            XCTAssertEqual(first.map(\.distance), first.map(\.distance).sorted(), "nearest first, from the shown points")
            let shown = Dictionary(uniqueKeysWithValues: first.map { ($0.uid, $0.place) })
            let (south1, south2) = (try XCTUnwrap(shown[town.people["south1"]!]), try XCTUnwrap(shown[town.people["south2"]!]))
            XCTAssertEqual([south1.latitude, south1.longitude], [south2.latitude, south2.longitude], "two in one place, one point")
            // From anywhere, by anyone, each person is at the same shown point: nothing to average.
            for (north, east) in [(300.0, 300.0), (-400, 100), (50, -500), (0, 0)] {
                for card in try search(Neighbourhood.offset(north: north, east: east)) {
                    XCTAssertEqual(card.place.latitude, shown[card.uid]?.latitude)
                    XCTAssertEqual(card.place.longitude, shown[card.uid]?.longitude)
                }
            }

            // The radius is decided from the shown point: 699 m from it toward where they queued,
            // they are in; 701 m, they are out, though where they queued is inside (whoever is
            // shown farthest from where they stand: a few metres would do).
            let north = try XCTUnwrap(first.max { distance(exact[$0.uid]!, $0.place) < distance(exact[$1.uid]!, $1.place) }).uid
            let (shownNorth, exactNorth) = (try XCTUnwrap(shown[north]), try XCTUnwrap(exact[north]))
            let toward = offset(shownNorth, exactNorth)
            let length = (toward.north * toward.north + toward.east * toward.east).squareRoot()
            let direction = (north: toward.north / length, east: toward.east / length)
            XCTAssertTrue(try search(moved(shownNorth, 699, direction)).contains { $0.uid == north })
            let outside = moved(shownNorth, 701, direction)
            XCTAssertLessThan(distance(outside, exactNorth), 699)
            XCTAssertFalse(try search(outside).contains { $0.uid == north })
            // The command line, run by the service's operators, keeps exact places.
            let operators = try slp.run("--json", "search", "--as", stranger, "--lat", "\(outside.latitude)", "--long", "\(outside.longitude)")
            XCTAssertEqual(operators.status, 0, operators.stderr)
            let exactCard = try XCTUnwrap(try cards(Data(operators.stdout.utf8)).first { $0.uid == north })
            XCTAssertEqual(exactCard.place.latitude, exactNorth.latitude, accuracy: 1e-9)
            XCTAssertEqual(exactCard.place.longitude, exactNorth.longitude, accuracy: 1e-9)

            // Queueing again while waiting, or leaving and coming back, shows the same point.
            let northToken = try slp.run("token", "--as", north).stdout.trimmingCharacters(in: .newlines)
            let again = try http.form("POST", "/v1/queue", token: northToken, "lat=\(exactNorth.latitude)&long=\(exactNorth.longitude)&studylist=go")
            XCTAssertEqual(again.status, 200, again.text)
            let kept = try XCTUnwrap(try search(Neighbourhood.center).first { $0.uid == north })
            XCTAssertEqual([kept.place.latitude, kept.place.longitude], [shownNorth.latitude, shownNorth.longitude])
            XCTAssertEqual(try http.send("DELETE", "/v1/queue", headers: [("idtoken", northToken)]).status, 200)
            XCTAssertEqual(try http.form("POST", "/v1/queue", token: northToken, "lat=\(exactNorth.latitude)&long=\(exactNorth.longitude)").status, 200)
            let back = try XCTUnwrap(try search(Neighbourhood.center).first { $0.uid == north })
            XCTAssertEqual([back.place.latitude, back.place.longitude], [shownNorth.latitude, shownNorth.longitude])
            XCTAssertEqual(server.stop(), 0)
        }
    }
}
