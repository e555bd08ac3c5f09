import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// The queue and search fakes must keep the repository contracts, or use-case tests prove nothing.
final class InMemoryQueueAndSearchRepositoryTests: XCTestCase {
    private let center = Coordinate.at(37.5665, 126.9780)

    func testEnterRunsTheCheckOnTheStoredUserAndARefusalStoresNothing() throws {
        let user = User.stub(uid: "A1", searchable: false)
        let database = InMemoryDatabase(users: [user])
        let queue = InMemoryQueueRepository(database)
        var seen: User?
        let entry = try queue.enter(user.uid, at: center, studies: .anything, now: Date(timeIntervalSince1970: 5)) { seen = $0.user }
        XCTAssertEqual(seen, user)
        XCTAssertEqual(try queue.entry(for: user.uid), entry)
        let token = database.changeToken
        struct Stop: Error {}
        XCTAssertThrowsError(try queue.enter(user.uid, at: center.moved(100), studies: .anything, now: .distantFuture) { _ in throw Stop() })
        XCTAssertEqual(try queue.entry(for: user.uid), entry)
        XCTAssertEqual(database.changeToken, token, "a refusal commits nothing")
        XCTAssertThrowsDomainError(try queue.enter(try UserID("Nobody"), at: center, studies: .anything, now: .distantPast) { _ in }, .notRegistered)
        XCTAssertThrowsDomainError(try queue.leave(try UserID("Nobody")) { _ in }, .notRegistered)
        XCTAssertTrue(try queue.leave(user.uid) { _ in })
        XCTAssertFalse(try queue.leave(user.uid) { _ in })
    }

    func testQueueingAgainMovesOnFromAMatchThePartnerEnded() throws {
        let a = User.stub(uid: "A", phone: "010-1000-0001"), b = User.stub(uid: "B", phone: "010-1000-0002")
        let database = InMemoryDatabase(users: [a, b])
        let id = database.startMatch(a.uid, b.uid, at: testNow)
        database.end(id, by: b.uid, .dodged, at: testNow)
        let queue = InMemoryQueueRepository(database)
        var seen: PartySnapshot?
        _ = try queue.enter(a.uid, at: center, studies: .anything, now: testNow) { seen = $0 }
        XCTAssertEqual(seen?.current?.partnerEnding, .dodged, "the check sees the match as it was")
        let now = try InMemoryMatchRepository(database).snapshot(of: a.uid)
        XCTAssertNil(now.current)
        XCTAssertEqual(now.latest?.isCurrent, false)
        XCTAssertTrue(now.isWaiting)
    }

    func testNearbyKeepsRadiusStudyExclusionsLimitAndOrder() throws {
        let users = (1...5).map { User.stub(uid: "U\($0)", phone: "010-0000-000\($0)") }
        let database = InMemoryDatabase(users: users)
        database.place(.stub("U1", at: center.moved(300), studies: ["swift"]))
        database.place(.stub("U2", at: center.moved(100, bearing: 90), studies: []))
        database.place(.stub("U3", at: center.moved(200, bearing: 180), studies: ["java"]))
        database.place(.stub("U4", at: center.moved(701), studies: ["swift"]))
        database.place(.stub("U5", at: center.moved(50), studies: ["SWIFT"]))
        let search = InMemorySearchRepository(database)
        let anyone = SearchCriteria(me: users[0], today: try CalendarDate(year: 2026, month: 11, day: 21), gender: nil)
        func uids(_ study: String? = nil, excluding: Set<String> = [], limit: Int? = nil, criteria: SearchCriteria? = nil) throws -> [String] {
            let query = NearbyQuery(
                center: center, radius: 700, study: try study.map { try Study($0) }, criteria: criteria ?? anyone,
                excluding: Set(try excluding.map { try UserID($0) }), limit: limit)
            return try search.nearby(query).map(\.uid.rawValue)
        }
        XCTAssertEqual(try uids(), ["U5", "U2", "U3", "U1"])
        XCTAssertEqual(try uids("Swift"), ["U5", "U2", "U1"])
        XCTAssertEqual(try uids("anything"), ["U2"])
        XCTAssertEqual(try uids(excluding: ["U5", "U3"]), ["U2", "U1"])
        XCTAssertEqual(try uids(limit: 2), ["U5", "U2"])
        XCTAssertEqual(try uids(criteria: SearchCriteria(me: users[0], today: anyone.today, gender: .male)), [])
        let distances = try search.nearby(NearbyQuery(center: center, radius: 700, study: nil, criteria: anyone, excluding: [], limit: nil))
            .map(\.distance)
        XCTAssertEqual(distances.map { $0.rounded() }, [50, 100, 200, 300])
    }

    func testEqualDistancesAreOrderedByUID() throws {
        let users = ["B2", "C3", "A1"].enumerated().map { User.stub(uid: $1, phone: "010-0000-000\($0)") }
        let database = InMemoryDatabase(users: users)
        for user in users { database.place(.stub(user.uid.rawValue, at: center.moved(100))) }
        let anyone = SearchCriteria(me: users[0], today: try CalendarDate(year: 2026, month: 11, day: 21), gender: nil)
        let found = try InMemorySearchRepository(database).nearby(
            NearbyQuery(center: center, radius: 700, study: nil, criteria: anyone, excluding: [], limit: nil))
        XCTAssertEqual(found.map(\.uid.rawValue), ["A1", "B2", "C3"])
    }
}
