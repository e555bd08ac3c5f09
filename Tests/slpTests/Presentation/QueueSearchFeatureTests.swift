import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

@testable import SLPCommandLine
@testable import slp

@MainActor
final class QueueSearchFeatureTests: XCTestCase {
    private var database: InMemoryDatabase!
    private var users: InMemoryUserRepository!
    private var queue: InMemoryQueueRepository!
    private var search: InMemorySearchRepository!
    private let me = User.stub(uid: "ME", phone: "010-1111-1111", nick: "나")
    private let other = User.stub(uid: "OTHER", phone: "010-2222-2222", nick: "너")
    private let sydney = try! Coordinate(latitude: -33.87, longitude: 151.21)

    override func setUp() async throws {
        database = InMemoryDatabase(users: [me, other])
        users = InMemoryUserRepository(database)
        queue = InMemoryQueueRepository(database)
        search = InMemorySearchRepository(database)
    }

    private func queueStore() -> TestStore<QueueFeature> {
        TestStore(
            QueueFeature(
                identify: IdentifyUserUseCase(users: users), enter: EnterQueueUseCase(queue: queue, clock: StoppedClock(testNow)),
                leave: LeaveQueueUseCase(queue: queue), state: QueueStateUseCase(matches: InMemoryMatchRepository(database))),
            initialState: .init(), test: self)
    }

    private func searchStore() -> TestStore<SearchFeature> {
        TestStore(
            SearchFeature(
                identify: IdentifyUserUseCase(users: users),
                search: SearchNearbyUseCase(search: search, queue: queue, clock: StoppedClock(testNow))),
            initialState: .init(), test: self)
    }

    private let renderer = FailureRenderer(help: HelpFormatter(for: CommandTable.parser))

    func testEnterThenStopThenStopAgain() async throws {
        let store = queueStore()
        await store.send(.enter(actingUser: "ME", latitude: -33.87, longitude: 151.21, studies: ["swift 알고리즘"]))
        let entry = QueueEntry(uid: me.uid, coordinate: sydney, studies: try StudyList(parsing: ["swift", "알고리즘"]), enteredAt: testNow)
        store.receive(.setEntered(entry)) { $0.entry = entry }
        XCTAssertEqual(QueueRenderer(format: .text(.plain), failures: renderer).render(store.state).stdout,
                       "Waiting at -33.87,151.21 for swift, 알고리즘.\n")

        await store.send(.stop(actingUser: "ME"))
        store.receive(.setLeft(true)) {
            $0.left = true
            $0.entry = nil
        }
        XCTAssertEqual(QueueRenderer(format: .text(.plain), failures: renderer).render(store.state).stdout, "Left the queue.\n")

        await store.send(.stop(actingUser: "ME"))
        store.receive(.setLeft(false)) { $0.left = false }
        XCTAssertEqual(QueueRenderer(format: .text(.plain), failures: renderer).render(store.state).stdout, "You were not in the queue.\n")
        XCTAssertEqual(QueueRenderer(format: .json, failures: renderer).render(store.state).stdout, "{\"left\":false}\n")
    }

    func testInvalidCoordinateIsAUsageFailureAndNothingIsQueued() async {
        let store = queueStore()
        await store.send(.enter(actingUser: "ME", latitude: .nan, longitude: 0, studies: []))
        let failure = Failure(DomainError.invalid(InvalidValue(code: "invalid_coordinate", message: "latitude must be a number from -90 to 90")))
        store.receive(.setFailure(failure)) { $0.failure = failure }
        XCTAssertEqual(failure.exitCode, .usage)
        XCTAssertTrue(database.queue.isEmpty)
        let output = QueueRenderer(format: .text(.plain), failures: renderer).render(store.state)
        XCTAssertEqual(output, Output(stdout: "", stderr: "Error: latitude must be a number from -90 to 90\n", exitCode: .usage))
    }

    func testDodgePenaltyIsARefusalWithItsStatus() async throws {
        _ = try users.update(uid: me.uid) { $0.dodgeCount = 2; $0.dodgePenaltyUntil = testNow.addingTimeInterval(119.5) }
        let store = queueStore()
        await store.send(.enter(actingUser: "ME", latitude: 1, longitude: 1, studies: []))
        let failure = Failure(DomainError.dodgePenalty(level: 2, secondsLeft: 120))
        store.receive(.setFailure(failure)) { $0.failure = failure }
        XCTAssertEqual(failure.status, 204)
        XCTAssertEqual(failure.exitCode, .refused)
        XCTAssertEqual(QueueRenderer(format: .json, failures: renderer).render(store.state).stderr, """
            Error: dodge penalty (2): you can queue again in 120 s
            {"error":{"code":"dodge_penalty","status":204,"message":"dodge penalty (2): you can queue again in 120 s"}}

            """)
    }

    func testSearchAroundMyPlace() async throws {
        _ = try queue.enter(me.uid, at: sydney, studies: try StudyList(parsing: ["swift"]), now: testNow) { _ in }
        let there = try Coordinate(latitude: -33.8701, longitude: 151.21)
        _ = try queue.enter(other.uid, at: there, studies: try StudyList(parsing: ["Swift", "go"]), now: testNow) { _ in }
        let store = searchStore()
        await store.send(.search(actingUser: "ME", SearchRequest()))
        var card = NearbyUser(
            uid: other.uid, nick: other.nick, coordinate: there, reputation: other.reputation, studies: try StudyList(parsing: ["Swift", "go"]),
            reviews: [], gender: .female, sesac: 0, background: 0, distance: sydney.distance(to: there))
        card.sharedStudies = [try Study("Swift")]
        let result = SearchResult(fromQueueDB: [card], fromQueueDBRequested: [], fromRecommend: ["go", "Swift"])
        store.receive(.setResult(result)) { $0.result = result }
        XCTAssertEqual(store.state.result?.fromQueueDB.first?.sharedStudies.map(\.name), ["Swift"])
        XCTAssertEqual(SearchRenderer(format: .text(.plain), failures: renderer).render(store.state).stdout, """
            DISTANCE  NICK  GENDER  STUDIES   SHARED  UID
                11 m  너    female  Swift go  Swift   OTHER

            Popular nearby: go, Swift

            """)
    }

    func testSearchWhenNotQueuedFailsThenAResultClearsTheFailure() async throws {
        let store = searchStore()
        await store.send(.search(actingUser: "ME", SearchRequest()))
        let failure = Failure(DomainError.notSearching)
        store.receive(.setFailure(failure)) { $0.failure = failure }
        XCTAssertEqual(failure.exitCode, .refused)

        await store.send(.search(actingUser: "ME", SearchRequest(center: sydney)))
        let empty = SearchResult(fromQueueDB: [], fromQueueDBRequested: [], fromRecommend: [])
        store.receive(.setResult(empty)) {
            $0.result = empty
            $0.failure = nil
        }
        XCTAssertEqual(SearchRenderer(format: .text(.plain), failures: renderer).render(store.state).stdout, "Nobody is waiting nearby.\n")
        XCTAssertEqual(SearchRenderer(format: .json, failures: renderer).render(store.state).stdoutText,
                       "{\"fromQueueDB\":[],\"fromQueueDBRequested\":[],\"fromRecommend\":[]}\n")
    }

    func testSeedReportsProgressThenDone() async throws {
        let population = InMemoryPopulationRepository()
        let store = TestStore(SeedFeature(seed: SeedPopulationUseCase(population: population, clock: StoppedClock(testNow))), initialState: .init(), test: self)
        let options = try SeedOptions(count: 25, seed: 3, spreadKilometres: 2)
        await store.send(.seed(options))
        store.receive(.setProgress(25)) { $0.added = 25 }
        store.receive(.setDone(options)) { $0.done = options }
        XCTAssertEqual(population.added.count, 25)
        XCTAssertEqual(SeedRenderer(format: .json, failures: renderer).render(store.state).stdout,
                       "{\"added\":25,\"seed\":3,\"center\":[37.5665,126.978],\"spreadKm\":2.0,\"hotspots\":false}\n")
    }

    func testSeedStorageFailureIsReported() async throws {
        struct Broken: Error {}
        let population = InMemoryPopulationRepository()
        population.failure = Broken()
        let store = TestStore(SeedFeature(seed: SeedPopulationUseCase(population: population, clock: StoppedClock(testNow))), initialState: .init(), test: self)
        await store.send(.seed(try SeedOptions(count: 5)))
        let failure = Failure(Broken())
        store.receive(.setFailure(failure)) { $0.failure = failure }
        XCTAssertEqual(failure.exitCode, .software)
    }
}
