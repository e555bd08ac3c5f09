import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

@testable import SLPCommandLine
@testable import slp

@MainActor
final class QueueFeatureTests: XCTestCase {
    private var storage: InMemoryStorage!
    private var database: InMemoryDatabase { storage.database }
    private var store: TestStore<QueueFeature>!
    private let me = User.stub(uid: "ME", phone: "010-1111-1111", nick: "나")
    private let other = User.stub(uid: "OTHER", phone: "010-2222-2222", nick: "너")
    private let sydney = try! Coordinate(latitude: -33.87, longitude: 151.21)
    private let renderer = FailureRenderer(help: HelpFormatter(for: CommandTable.parser))

    override func setUp() async throws {
        storage = InMemoryStorage(InMemoryDatabase(users: [me, other]))
        store = TestStore(
            QueueFeature(
                identify: IdentifyUserUseCase(storage: storage), enter: EnterQueueUseCase(storage: storage, clock: StoppedClock(testNow), displacements: SequentialDisplacementGenerator([.stub])),
                leave: LeaveQueueUseCase(storage: storage), state: QueueStateUseCase(storage: storage)),
            initialState: .init(), test: self)
    }

    func testEnterThenStopThenStopAgain() async throws {
        await store.send(.enter(actingUser: "ME", latitude: -33.87, longitude: 151.21, studies: ["swift 알고리즘"]))
        let entry = QueueEntry(uid: me.uid, coordinate: sydney, studies: try StudyList(parsing: ["swift", "알고리즘"]), enteredAt: testNow, displacement: .stub)
        store.receive(.setEntered(entry)) { $0.entry = entry }
        XCTAssertEqual(database.queue[me.uid], entry)
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

    func testStatusIsGeneralThenWaitingThenMatched() async throws {
        await store.send(.status(actingUser: "ME"))
        let general = try QueueStateUseCase(storage: storage)(me: me.uid)
        store.receive(.setState(general)) { $0.queueState = general }
        XCTAssertEqual(general.status, .general)

        await store.send(.enter(actingUser: "ME", latitude: -33.87, longitude: 151.21, studies: []))
        let entry = QueueEntry(uid: me.uid, coordinate: sydney, studies: .anything, enteredAt: testNow, displacement: .stub)
        store.receive(.setEntered(entry)) { $0.entry = entry }
        await store.send(.status(actingUser: "ME"))
        let waiting = try QueueStateUseCase(storage: storage)(me: me.uid)
        store.receive(.setState(waiting)) { $0.queueState = waiting }
        XCTAssertEqual(waiting.status, .waiting)

        // OTHER, waiting too, asks me and I accept elsewhere: the status names my partner.
        try storage.write { [other, sydney] in try $0.putInQueue(QueueEntry(uid: other.uid, coordinate: sydney, studies: .anything, enteredAt: testNow, displacement: .stub), of: other) }
        _ = try RequestStudyUseCase(storage: storage, clock: StoppedClock(testNow))(me: other.uid, other: me.uid)
        _ = try AcceptStudyUseCase(storage: storage, clock: StoppedClock(testNow))(me: me.uid, other: other.uid)
        await store.send(.status(actingUser: "ME"))
        let matched = try QueueStateUseCase(storage: storage)(me: me.uid)
        store.receive(.setState(matched)) { $0.queueState = matched }
        XCTAssertEqual(matched.status, .matched)
        XCTAssertEqual(matched.partner, MatchView.Partner(uid: other.uid, nick: other.nick))
    }

    func testInvalidCoordinateIsAUsageFailureAndNothingIsQueued() async {
        await store.send(.enter(actingUser: "ME", latitude: .nan, longitude: 0, studies: []))
        let failure = Failure(DomainError.invalid(InvalidValue(code: "invalid_coordinate", message: "latitude must be a number from -90 to 90")))
        store.receive(.setFailure(failure)) { $0.failure = failure }
        XCTAssertEqual(failure.exitCode, .usage)
        XCTAssertTrue(database.queue.isEmpty)
        XCTAssertEqual(storage.transactions, ["read"], "only finding me: the invalid value never reaches storage")
        let output = QueueRenderer(format: .text(.plain), failures: renderer).render(store.state)
        XCTAssertEqual(output, Output(stdout: "", stderr: "Error: latitude must be a number from -90 to 90\n", exitCode: .usage))
    }

    func testDodgePenaltyIsARefusalWithItsStatus() async throws {
        var penalised = me
        penalised.dodgeCount = 2
        penalised.dodgePenaltyUntil = testNow.addingTimeInterval(119.5)
        try storage.write { [penalised] in try $0.update(penalised) }
        await store.send(.enter(actingUser: "ME", latitude: 1, longitude: 1, studies: []))
        let failure = Failure(DomainError.dodgePenalty(level: 2, secondsLeft: 120))
        store.receive(.setFailure(failure)) { $0.failure = failure }
        XCTAssertEqual(failure.status, 204)
        XCTAssertEqual(failure.exitCode, .refused)
        XCTAssertTrue(database.queue.isEmpty)
        XCTAssertEqual(QueueRenderer(format: .json, failures: renderer).render(store.state).stderr, """
            Error: dodge penalty (2): you can queue again in 120 s
            {"error":{"code":"dodge_penalty","status":204,"message":"dodge penalty (2): you can queue again in 120 s"}}

            """)
    }
}
