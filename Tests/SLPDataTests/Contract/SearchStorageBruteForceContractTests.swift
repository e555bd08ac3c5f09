import Foundation
import SLPDomain
import SLPTestSupport
import SLPSupport
import XCTest

/// Search over a seeded population against a brute-force scan of every waiting user, the
/// expected answer worked out from the people the test placed (read back through the storage).
final class SearchStorageBruteForceContractTests: StorageContractTestCase {
    private let center = SeedOptions.seoul

    /// The mixed population (`populateMixedQueue`) around `center`; every waiting user.
    @discardableResult
    private func populate() throws -> [ScannedUser] {
        try populateMixedQueue(around: center)
    }

    /// A searcher whose rules leave out a good part of the population.
    private func narrowCriteria(gender: Gender?) throws -> SearchCriteria {
        let me = User(
            uid: try UserID("Searcher"), phone: try PhoneNumber("010-9999-9999"), email: try Email("s@example.com"),
            nick: try Nick("searcher"), birth: BirthDate(stored: try CalendarDate(year: 1996, month: 2, day: 29)), gender: .male,
            ageRange: try AgeRange(min: 22, max: 35), createdAt: queueTestNow)
        return SearchCriteria(me: me, today: CalendarDate(utcDayOf: queueTestNow), gender: gender)
    }

    func testRandomSearchesFindExactlyWhatABruteForceScanFinds() {
        forEachBackend {
            let scanned = try populate()
            var random = SplitMix64(seed: 2026)
            let studies: [String?] = [nil, nil, "코딩", "swift", "SWIFT", "영어", "python", "anything", "rust", "수화"]
            let rules = [try criteria(), try narrowCriteria(gender: nil), try narrowCriteria(gender: .female)]
            var nonEmpty = 0
            var limited = 0
            var shownDiffer = 0
            for round in 0..<100 {
                let point = center.moved(3_000 * random.nextUnit().squareRoot(), bearing: 360 * random.nextUnit())
                let radius = 50 * pow(100, random.nextUnit())  // 50 m to 5 km, log-uniform
                let study = studies[Int(random.next() % UInt64(studies.count))]
                let criteria = rules[Int(random.next() % UInt64(rules.count))]
                let excluding: Set<String> = random.nextUnit() < 0.3 ? Set(scanned.prefix(200).map(\.uid)) : []
                try assertMatchesBruteForce(point, radius: radius, study: study, excluding: excluding, criteria: criteria, scanned: scanned)
                let limit = 1 + Int(random.next() % 40)
                try assertMatchesBruteForce(
                    point, radius: radius, study: study, excluding: excluding, limit: limit, criteria: criteria, scanned: scanned)
                let expected = try bruteForce(scanned, center: point, radius: radius, study: study, excluding: excluding, criteria: criteria)
                if !expected.isEmpty { nonEmpty += 1 }
                if expected.count > limit { limited += 1 }
                // The API's searches (`positions: .shown`) decide who is within the radius, the
                // distances and the order from where each person is shown, and place them there,
                // exactly as a scan of the shown points would.
                guard round < 40 else { continue }
                try assertMatchesBruteForce(
                    point, radius: radius, study: study, limit: round.isMultiple(of: 2) ? nil : limit, scanned: scanned, positions: .shown)
                let shown = try bruteForce(scanned, center: point, radius: radius, study: study, positions: .shown)
                let exact = try bruteForce(scanned, center: point, radius: radius, study: study)
                if shown.map(\.uid) != exact.map(\.uid) { shownDiffer += 1 }
            }
            // The searches were not trivially empty, and the limit often had to cut; shown places
            // are not where people queued.
            XCTAssertGreaterThan(nonEmpty, 50)
            XCTAssertGreaterThan(limited, 25)
            XCTAssertGreaterThan(shownDiffer, 10)
        }
    }

    func testCardsOfSeededUsersCarryTheirStoredValues() {
        forEachBackend {
            let scanned = try populate()
            // Everyone is shown at the one point of their cell, each cell's somewhere else in it.
            var points: [PlaceCell: Coordinate] = [:]
            for person in scanned {
                XCTAssertEqual(PlaceCell(containing: person.shown), PlaceCell(containing: person.coordinate), person.uid)
                XCTAssertEqual(points[PlaceCell(containing: person.coordinate), default: person.shown], person.shown, person.uid)
                points[PlaceCell(containing: person.coordinate)] = person.shown
            }
            let within = points.map { cell, point in
                ((point.latitude - cell.south) / (cell.north - cell.south), (point.longitude - cell.west) / (cell.east - cell.west))
            }
            XCTAssertGreaterThan(points.count, 1_000)
            for share in [within.map(\.0), within.map(\.1)] {
                XCTAssertEqual(Double(share.filter { $0 < 0.5 }.count) / Double(share.count), 0.5, accuracy: 0.05, "evenly over the cell")
            }
            let byUID = Dictionary(uniqueKeysWithValues: scanned.map { ($0.uid, $0) })
            let found = try nearby(center, radius: 1_000)
            XCTAssertGreaterThan(found.count, 100)
            for user in found {
                let stored = try XCTUnwrap(byUID[user.uid.rawValue])
                XCTAssertEqual(user.coordinate, stored.coordinate)
                XCTAssertEqual(user.studies, stored.studies)
                XCTAssertEqual(user.studies.studies.map(\.name), stored.studies.studies.map(\.name))
                XCTAssertEqual(user.gender, stored.user.gender)
                if user.uid.rawValue.hasPrefix("Hand") { continue }
                XCTAssertTrue(user.nick.value.hasPrefix("새싹"), user.nick.value)
                XCTAssertEqual(user.reputation.counts, [0, 0, 0, 0, 0, 0])
                XCTAssertEqual(user.reviews, [])
            }
        }
    }

    func testSearchUseCaseMatchesTheBruteForceWithMyRules() {
        forEachBackend {
            try populate()
            let me = try register("Me1", gender: .male, birth: (1996, 2, 29), ages: (22, 35))
            try enter("Me1", at: center, studies: ["swift", "코딩", "영어"])
            let all = try scanQueue()
            let useCase = SearchNearbyUseCase(storage: storage, clock: StoppedClock(queueTestNow))
            let criteria = SearchCriteria(me: me, today: CalendarDate(utcDayOf: queueTestNow), gender: .female)
            for radius in [300.0, 1_000, 2_500] {
                let result = try useCase(me: me.uid, SearchRequest(radius: radius, gender: .female))
                let expected = try bruteForce(all, center: center, radius: radius, excluding: ["Me1"], criteria: criteria)
                XCTAssertEqual(uids(result.fromQueueDB), expected.map(\.uid))
                for user in result.fromQueueDB {
                    XCTAssertEqual(user.sharedStudies, user.studies.studies.filter { ["swift", "코딩", "영어"].contains($0.key) })
                }
                var counts: [String: Int] = [:]
                for user in result.fromQueueDB {
                    for study in user.studies.studies where study != .anything { counts[study.name, default: 0] += 1 }
                }
                let top = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(5).map(\.key)
                XCTAssertEqual(result.fromRecommend, Array(top))
            }
        }
    }
}
