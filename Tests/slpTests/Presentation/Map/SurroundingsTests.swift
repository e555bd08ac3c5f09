import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

@testable import SLPCommandLine
@testable import slp

/// What the pictures of a search show: the search and its centre, from my place in the queue
/// or a point given, with my studies when I wait.
final class SurroundingsTests: XCTestCase {
    private var storage: InMemoryStorage!
    private let me = User.stub(uid: "ME", phone: "010-1111-1111", nick: "나")
    private let other = User.stub(uid: "OTHER", phone: "010-2222-2222", nick: "너")

    override func setUp() {
        storage = InMemoryStorage(InMemoryDatabase(users: [me, other]))
    }

    /// The surroundings of my search `request`.
    private func look(_ request: SearchRequest) throws -> Surroundings {
        Surroundings(try SearchNearbyUseCase(storage: storage, clock: StoppedClock(testNow))(me: me.uid, request), radius: request.radius)
    }

    private func place(_ user: User, at coordinate: Coordinate, studies: StudyList) throws {
        try storage.write { try $0.putInQueue(QueueEntry(uid: user.uid, coordinate: coordinate, studies: studies, enteredAt: testNow, shownCoordinate: coordinate), of: user) }
    }

    func testAroundMyPlaceInTheQueueWithMyStudies() throws {
        let studies = try StudyList(parsing: ["swift"])
        try place(me, at: MapFixture.center, studies: studies)
        let there = MapFixture.center.moved(300, bearing: 90)
        try place(other, at: there, studies: try StudyList(parsing: ["swift", "go"]))
        let surroundings = try look(SearchRequest(radius: 1_000))
        var card = NearbyUser(
            uid: other.uid, nick: other.nick, coordinate: there, reputation: .none, studies: try StudyList(parsing: ["swift", "go"]),
            reviews: [], gender: .female, sesac: 0, background: 0, distance: MapFixture.center.distance(to: there))
        card.sharedStudies = [try Study("swift")]
        let result = SearchResult(
            me: me, myStudies: studies, center: MapFixture.center, fromQueueDB: [card], fromQueueDBRequested: [], fromRecommend: ["go", "swift"])
        XCTAssertEqual(surroundings, Surroundings(result, radius: 1_000))
        XCTAssertEqual(surroundings.center, MapFixture.center)
        XCTAssertEqual(surroundings.myStudies, studies)
        XCTAssertEqual(surroundings.me, me.uid)
    }

    func testAPointGivenIsTheCentreWithoutBeingQueued() throws {
        let point = Coordinate.at(-33.87, 151.21)
        let surroundings = try look(SearchRequest(center: point))
        XCTAssertEqual(surroundings.center, point)
        XCTAssertEqual(surroundings.radius, 700)
        XCTAssertNil(surroundings.myStudies)
        XCTAssertEqual(surroundings.result.fromQueueDB, [])
    }

    func testNeitherQueuedNorAPointIsNotSearching() throws {
        XCTAssertThrowsError(try look(SearchRequest())) { XCTAssertEqual($0 as? DomainError, .notSearching) }
    }
}
