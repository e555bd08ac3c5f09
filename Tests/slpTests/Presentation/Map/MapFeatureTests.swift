import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

@testable import SLPCommandLine
@testable import slp

/// The map's store: the search and its centre, from my place in the queue or a point given.
@MainActor
final class MapFeatureTests: XCTestCase {
    private var storage: InMemoryStorage!
    private let me = User.stub(uid: "ME", phone: "010-1111-1111", nick: "나")
    private let other = User.stub(uid: "OTHER", phone: "010-2222-2222", nick: "너")

    override func setUp() async throws {
        storage = InMemoryStorage(InMemoryDatabase(users: [me, other]))
    }

    private func store() -> TestStore<MapFeature> {
        TestStore(MapFeature(search: SearchNearbyUseCase(storage: storage, clock: StoppedClock(testNow))), initialState: .init(), test: self)
    }

    private func place(_ user: User, at coordinate: Coordinate, studies: StudyList) throws {
        try storage.write { try $0.putInQueue(QueueEntry(uid: user.uid, coordinate: coordinate, studies: studies, enteredAt: testNow, displacement: .stub), of: user) }
    }

    func testAroundMyPlaceInTheQueueWithMyStudies() async throws {
        let studies = try StudyList(parsing: ["swift"])
        try place(me, at: MapFixture.center, studies: studies)
        let there = MapFixture.center.moved(300, bearing: 90)
        try place(other, at: there, studies: try StudyList(parsing: ["swift", "go"]))
        let store = store()
        await store.send(.look(actingUser: "ME", SearchRequest(radius: 1_000)))
        var card = NearbyUser(
            uid: other.uid, nick: other.nick, coordinate: there, reputation: .none, studies: try StudyList(parsing: ["swift", "go"]),
            reviews: [], gender: .female, sesac: 0, background: 0, distance: MapFixture.center.distance(to: there))
        card.sharedStudies = [try Study("swift")]
        let surroundings = Surroundings(
            center: MapFixture.center, radius: 1_000, me: me.uid, myNick: me.nick, myStudies: studies,
            result: SearchResult(
                me: me, myStudies: studies, center: MapFixture.center, fromQueueDB: [card], fromQueueDBRequested: [],
                fromRecommend: ["go", "swift"]))
        store.receive(.setSurroundings(surroundings)) { $0.surroundings = surroundings }
    }

    func testAPointGivenIsTheCentreWithoutBeingQueued() async throws {
        let store = store()
        let point = Coordinate.at(-33.87, 151.21)
        await store.send(.look(actingUser: "ME", SearchRequest(center: point)))
        let surroundings = Surroundings(
            center: point, radius: 700, me: me.uid, myNick: me.nick, myStudies: nil,
            result: SearchResult(me: me, myStudies: nil, center: point, fromQueueDB: [], fromQueueDBRequested: [], fromRecommend: []))
        store.receive(.setSurroundings(surroundings)) { $0.surroundings = surroundings }
    }

    func testNeitherQueuedNorAPointIsNotSearchingAndAFailureClearsThePicture() async throws {
        let store = store()
        await store.send(.look(actingUser: "ME", SearchRequest(center: MapFixture.center)))
        let empty = Surroundings(
            center: MapFixture.center, radius: 700, me: me.uid, myNick: me.nick, myStudies: nil,
            result: SearchResult(
                me: me, myStudies: nil, center: MapFixture.center, fromQueueDB: [], fromQueueDBRequested: [], fromRecommend: []))
        store.receive(.setSurroundings(empty)) { $0.surroundings = empty }
        await store.send(.look(actingUser: "ME", SearchRequest()))
        let failure = Failure(DomainError.notSearching)
        store.receive(.setFailure(failure)) {
            $0.failure = failure
            $0.surroundings = nil
        }
        await store.send(.look(actingUser: "nobody", SearchRequest()))
        let unknown = Failure(DomainError.notRegistered)
        store.receive(.setFailure(unknown)) { $0.failure = unknown }
    }
}
