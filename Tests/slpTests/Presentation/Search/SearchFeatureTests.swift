import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

@testable import SLPCommandLine
@testable import slp

@MainActor
final class SearchFeatureTests: XCTestCase {
    private var storage: InMemoryStorage!
    private var store: TestStore<SearchFeature>!
    private let me = User.stub(uid: "ME", phone: "010-1111-1111", nick: "나")
    private let other = User.stub(uid: "OTHER", phone: "010-2222-2222", nick: "너")
    private let sydney = try! Coordinate(latitude: -33.87, longitude: 151.21)
    private let renderer = FailureRenderer(help: HelpFormatter(for: CommandTable.parser))

    override func setUp() async throws {
        storage = InMemoryStorage(InMemoryDatabase(users: [me, other]))
        store = TestStore(SearchFeature(search: SearchNearbyUseCase(storage: storage, clock: StoppedClock(testNow))), initialState: .init(), test: self)
    }

    func testSearchAroundMyPlaceInOneRead() async throws {
        let there = try Coordinate(latitude: -33.8701, longitude: 151.21)
        try storage.write { [me, other, sydney] transaction in
            try transaction.putInQueue(QueueEntry(uid: me.uid, coordinate: sydney, studies: try StudyList(parsing: ["swift"]), enteredAt: testNow, displacement: .stub), of: me)
            try transaction.putInQueue(
                QueueEntry(uid: other.uid, coordinate: there, studies: try StudyList(parsing: ["Swift", "go"]), enteredAt: testNow, displacement: .stub), of: other)
        }
        await store.send(.search(actingUser: "ME", SearchRequest()))
        var card = NearbyUser(
            uid: other.uid, nick: other.nick, coordinate: there, reputation: other.reputation, studies: try StudyList(parsing: ["Swift", "go"]),
            reviews: [], gender: .female, sesac: 0, background: 0, distance: sydney.distance(to: there))
        card.sharedStudies = [try Study("Swift")]
        let result = SearchResult(
            me: me, myStudies: try StudyList(parsing: ["swift"]), center: sydney, fromQueueDB: [card], fromQueueDBRequested: [],
            fromRecommend: ["go", "Swift"])
        store.receive(.setResult(result)) { $0.result = result }
        XCTAssertEqual(storage.transactions, ["write", "read"], "finding me and searching are one read")
        XCTAssertEqual(store.state.result?.fromQueueDB.first?.sharedStudies.map(\.name), ["Swift"])
        XCTAssertEqual(SearchRenderer(format: .text(.plain), failures: renderer).render(store.state).stdout, """
            DISTANCE  NICK  GENDER  STUDIES   SHARED  UID
                11 m  너    female  Swift go  Swift   OTHER

            Popular nearby: go, Swift

            """)
    }

    func testSearchWhenNotQueuedFailsThenAResultClearsTheFailure() async throws {
        await store.send(.search(actingUser: "ME", SearchRequest()))
        let failure = Failure(DomainError.notSearching)
        store.receive(.setFailure(failure)) { $0.failure = failure }
        XCTAssertEqual(failure.exitCode, .refused)

        await store.send(.search(actingUser: "ME", SearchRequest(center: sydney)))
        let empty = SearchResult(me: me, myStudies: nil, center: sydney, fromQueueDB: [], fromQueueDBRequested: [], fromRecommend: [])
        store.receive(.setResult(empty)) {
            $0.result = empty
            $0.failure = nil
        }
        XCTAssertEqual(SearchRenderer(format: .text(.plain), failures: renderer).render(store.state).stdout, "Nobody is waiting nearby.\n")
        XCTAssertEqual(SearchRenderer(format: .json, failures: renderer).render(store.state).stdoutText,
                       "{\"fromQueueDB\":[],\"fromQueueDBRequested\":[],\"fromRecommend\":[]}\n")
    }

    func testAnUnknownActingUserIsNotRegisteredAndAnInvalidRequestNeverReachesStorage() async {
        await store.send(.search(actingUser: "Nobody", SearchRequest(center: sydney)))
        let stranger = Failure(DomainError.notRegistered)
        store.receive(.setFailure(stranger)) { $0.failure = stranger }
        XCTAssertEqual(stranger.status, 406)
        XCTAssertEqual(storage.transactions, ["read"])

        await store.send(.search(actingUser: "ME", SearchRequest(center: sydney, radius: 0)))
        let radius = Failure(code: "invalid_radius", status: nil, message: "the radius is 1 to 50000 metres", exitCode: .usage)
        store.receive(.setFailure(radius)) { $0.failure = radius }
        XCTAssertEqual(storage.transactions, ["read"], "the invalid radius was refused before any read")
    }
}
