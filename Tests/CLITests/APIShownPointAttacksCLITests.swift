import Foundation
import XCTest

/// The attacks of issue 49 (point 5) on where someone stands, run over the API as a client
/// would, against `slp serve` on every backend: inverting one shown point, intersecting many
/// entries at one place, and following a move from a known place. An attacker who knows how slp
/// shows people (docs/API.md) but not the service's secret must not place anyone more precisely
/// than their cell of about 100 m. Two people standing over 100 m apart inside one cell are put
/// through each attack: they must get exactly the same observations, so that any estimate is at
/// least 50 m from one of them; the attacks' own estimates are measured as well.
final class APIShownPointAttacksCLITests: XCTestCase {
    typealias Place = (latitude: Double, longitude: Double)

    /// What a search tells the attacker of one person: where they are shown, and how far.
    struct Sighting: Equatable, CustomStringConvertible {
        let latitude: Double
        let longitude: Double
        let distance: Int

        var place: Place { (latitude, longitude) }
        var description: String { "\(latitude),\(longitude) at \(distance) m" }
    }

    /// Metres in one degree of latitude on slp's sphere.
    static let metresPerDegree = PublishedCellGrid.earthRadius * Double.pi / 180

    /// The point `north` and `east` metres from `place` (a plane this small is exact to centimetres).
    static func offset(_ place: Place, north: Double, east: Double) -> Place {
        (place.latitude + north / metresPerDegree,
         place.longitude + east / (metresPerDegree * cos(place.latitude * Double.pi / 180)))
    }

    /// A served slp, an attacker (registered, not waiting) and two victims, A and B, who stand in
    /// one cell near opposite corners: A sends 8 decimals, B every digit a Double has.
    struct Stage {
        let slp: SLPBinary
        let server: ServedSLP
        let http: HTTPTestClient
        let attacker: APIPerson
        let a: APIPerson
        let b: APIPerson
        let cell: PublishedCellGrid.Cell
        /// Where A and B stand, and the texts they send for it.
        let placeA: Place, placeB: Place
        let sentA: (String, String), sentB: (String, String)
        /// Where the attacker searches from, all within 700 m of the cell.
        let centres: [Place]

        init(_ database: String) throws {
            slp = SLPBinary(database: database)
            server = try ServedSLP(slp)
            http = server.client
            attacker = try APIPerson.register(slp, http, block: 4900, 1)
            a = try APIPerson.register(slp, http, block: 4900, 2)
            b = try APIPerson.register(slp, http, block: 4900, 3)
            let cell = PublishedCellGrid.cell(Neighbourhood.center)
            self.cell = cell
            let cornerA = APIShownPointAttacksCLITests.offset((cell.south, cell.west), north: 5, east: 5)
            let cornerB = APIShownPointAttacksCLITests.offset((cell.north, cell.east), north: -5, east: -5)
            sentA = (String(format: "%.8f", cornerA.latitude), String(format: "%.8f", cornerA.longitude))
            sentB = ("\(cornerB.latitude)", "\(cornerB.longitude)")
            placeA = (Double(sentA.0)!, Double(sentA.1)!)
            placeB = (Double(sentB.0)!, Double(sentB.1)!)
            centres = [(-300, -200), (250, 120), (40, 300), (-150, -480), (0, 0)].map {
                APIShownPointAttacksCLITests.offset(cell.centre, north: $0.0, east: $0.1)
            }
            XCTAssertTrue(cell.contains(placeA) && cell.contains(placeB), "both stand in the cell")
            XCTAssertGreaterThanOrEqual(PublishedCellGrid.distance(placeA, placeB), 100, "and over 100 m apart")
        }

        /// `person` enters the queue (or moves, while waiting) at `place` as sent.
        func enter(_ person: APIPerson, at place: (String, String)) throws {
            let answer = try http.form("POST", "/v1/queue", token: person.token, "lat=\(place.0)&long=\(place.1)&studylist=anything")
            XCTAssertEqual(answer.status, 200, answer.text)
        }

        /// `person` leaves the queue and enters it again at `place` as sent, by the command line:
        /// the same use cases as the API's, at a pace the API bounds (docs/API.md, "Limits").
        func reenter(_ person: APIPerson, at place: (String, String)) throws {
            XCTAssertEqual(try slp.run("queue", "stop", "--as", person.uid).status, 0)
            let entered = try slp.run("queue", "--as", person.uid, "--lat=\(place.0)", "--long=\(place.1)")
            XCTAssertEqual(entered.status, 0, entered.stderr)
        }

        /// What the attacker's search from `centre` tells of each person found.
        func search(from centre: Place) throws -> [String: Sighting] {
            let answer = try http.form("POST", "/v1/queue/search", token: attacker.token, "lat=\(centre.latitude)&long=\(centre.longitude)")
            XCTAssertEqual(answer.status, 200, answer.text)
            let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
            var seen: [String: Sighting] = [:]
            for card in try XCTUnwrap(document["fromQueueDB"] as? [[String: Any]]) {
                seen[try XCTUnwrap(card["uid"] as? String)] = Sighting(
                    latitude: try XCTUnwrap(card["lat"] as? Double), longitude: try XCTUnwrap(card["long"] as? Double),
                    distance: try XCTUnwrap(card["distance"] as? Int))
            }
            return seen
        }

        /// What searches from every centre tell of A and of B, in the centres' order.
        func observe() throws -> (a: [Sighting?], b: [Sighting?]) {
            let searches = try centres.map { try search(from: $0) }
            return (searches.map { $0[a.uid] }, searches.map { $0[b.uid] })
        }

        /// How far an estimate made of the same observations is from A and from B.
        func misses(_ estimate: Place) -> (a: Double, b: Double) {
            (PublishedCellGrid.distance(estimate, placeA), PublishedCellGrid.distance(estimate, placeB))
        }
    }

    /// The centre of the published cell a shown point lies in: the best the published algorithm
    /// allows, since within the cell nothing shown depends on where one stands.
    private func cellCentre(_ shown: Place) -> Place {
        PublishedCellGrid.cell(shown).centre
    }

    private func mean(_ places: [Place]) -> Place {
        (places.map(\.latitude).reduce(0, +) / Double(places.count), places.map(\.longitude).reduce(0, +) / Double(places.count))
    }

    /// How far an estimate misses A and B, printed as the attack's figures: by 50 m or more for
    /// one of them (an estimate made of identical observations is one estimate, and misses one of
    /// two people over 100 m apart by half that), or for `both`.
    private func assertMisses(
        _ misses: (a: Double, b: Double), _ attack: String, both: Bool = false, file: StaticString = #filePath, line: UInt = #line
    ) {
        print("\(attack): misses A by \(String(format: "%.1f", misses.a)) m, B by \(String(format: "%.1f", misses.b)) m")
        XCTAssertGreaterThanOrEqual(both ? min(misses.a, misses.b) : max(misses.a, misses.b), 50, "\(attack): \(misses)", file: file, line: line)
    }

    /// (a) One shown point, from a person who sent 8 decimals (and one who sent every digit):
    /// nothing inverts it to more than the cell.
    func testOneShownPointCannotBeInvertedToLessThanTheCell() {
        TestBackend.each(self) { _, database, _ in
            let stage = try Stage(database)
            try stage.enter(stage.a, at: stage.sentA)
            try stage.enter(stage.b, at: stage.sentB)
            let seen = try stage.observe()
            XCTAssertFalse(seen.a.contains { $0 == nil }, "A is found by every search")
            XCTAssertEqual(seen.a, seen.b, "A and B, over 100 m apart in one cell, are seen alike by every search")
            let shown = try XCTUnwrap(seen.a.first ?? nil).place
            XCTAssertEqual(Set(seen.a.compactMap { $0.map { "\($0.latitude),\($0.longitude)" } }).count, 1, "one point from every search")
            // The inverse of the published algorithm is the cell: its centre is the best guess.
            assertMisses(stage.misses(cellCentre(shown)), "(a) the shown point inverted to its cell", both: true)
            assertMisses(stage.misses(shown), "(a) the shown point itself")
            XCTAssertEqual(stage.server.stop(), 0)
        }
    }

    /// (b) 200 entries at the same place, each after leaving the queue: the same point every time,
    /// so that intersecting them gives nothing.
    func testManyEntriesAtOnePlaceGiveOnePoint() {
        TestBackend.each(self) { _, database, _ in
            let stage = try Stage(database)
            var shownA: [Place] = []
            for round in 0..<200 {
                for (person, place) in [(stage.a, stage.sentA), (stage.b, stage.sentB)] {
                    if round > 0 { try stage.reenter(person, at: place) } else { try stage.enter(person, at: place) }
                }
                let seen = try stage.search(from: stage.centres[round % stage.centres.count])
                let (a, b) = (try XCTUnwrap(seen[stage.a.uid]), try XCTUnwrap(seen[stage.b.uid]))
                XCTAssertEqual(a, b, "entry \(round): A and B seen alike")
                shownA.append(a.place)
            }
            XCTAssertEqual(Set(shownA.map { "\($0.latitude),\($0.longitude)" }).count, 1, "the same point on every entry")
            // What intersecting the entries converges to: their centre (issue 38's rings), and its cell.
            let centre = mean(shownA)
            assertMisses(stage.misses(centre), "(b) the centre of 200 entries")
            assertMisses(stage.misses(cellCentre(centre)), "(b) the cell of 200 entries", both: true)
            XCTAssertEqual(stage.server.stop(), 0)
        }
    }

    /// (c) A person seen at a place the attacker knows moves, while waiting, to one the attacker
    /// does not: what was shown at the known place tells nothing of the new one; and a move
    /// within a cell changes nothing shown.
    func testAMoveFromAKnownPlaceTellsNothingOfTheNewOne() {
        TestBackend.each(self) { _, database, _ in
            let stage = try Stage(database)
            // The known place: 250 m west, in another cell.
            let known = Self.offset(stage.cell.centre, north: 0, east: -250)
            XCTAssertNotEqual(PublishedCellGrid.cell(known), stage.cell)
            let sentKnown = (String(format: "%.8f", known.latitude), String(format: "%.8f", known.longitude))
            try stage.enter(stage.a, at: sentKnown)
            try stage.enter(stage.b, at: sentKnown)
            let before = try stage.observe()
            try stage.enter(stage.a, at: stage.sentA)
            try stage.enter(stage.b, at: stage.sentB)
            let after = try stage.observe()
            XCTAssertFalse((before.a + after.a).contains { $0 == nil }, "A is found by every search")
            XCTAssertEqual(before.a, before.b, "A and B seen alike at the known place")
            XCTAssertEqual(after.a, after.b, "A and B seen alike after their moves")
            // The move as shown, carried from the known place (issue 38 kept it exact).
            let (from, to) = (try XCTUnwrap(before.a[0]).place, try XCTUnwrap(after.a[0]).place)
            let followed = (known.latitude + to.latitude - from.latitude, known.longitude + to.longitude - from.longitude)
            assertMisses(stage.misses(followed), "(c) the move carried from the known place")
            assertMisses(stage.misses(cellCentre(to)), "(c) the cell shown after the move", both: true)

            // A moves across their cell (130 m to B's corner): nothing shown changes.
            try stage.enter(stage.a, at: stage.sentB)
            XCTAssertEqual(try stage.observe().a, after.a, "a move within the cell")
            XCTAssertEqual(stage.server.stop(), 0)
        }
    }
}
