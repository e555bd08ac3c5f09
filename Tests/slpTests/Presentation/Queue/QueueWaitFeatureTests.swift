import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

@testable import slp

@MainActor
final class QueueWaitFeatureTests: XCTestCase {
    private var storage: InMemoryStorage!
    private var database: InMemoryDatabase { storage.database }
    private var store: TestStore<QueueWaitFeature>!
    private let me = User.stub(uid: "ME", phone: "010-1000-0001", nick: "나")
    private let other = User.stub(uid: "OTHER", phone: "010-1000-0002", nick: "너")
    private let here = Coordinate.at(37.5665, 126.978)
    private let clock = StoppedClock(testNow)

    override func setUp() async throws {
        storage = InMemoryStorage(InMemoryDatabase(users: [me, other]))
        try storage.write { [other, here] in try $0.putInQueue(QueueEntry.stub("OTHER", at: here), of: other) }
        store = TestStore(
            QueueWaitFeature(
                identify: IdentifyUserUseCase(storage: storage), enter: EnterQueueUseCase(storage: storage, clock: clock),
                state: QueueStateUseCase(storage: storage), follow: FollowEventsUseCase(storage: storage, clock: clock)),
            initialState: .init(), test: self)
    }

    private var card: MatchView.Partner { MatchView.Partner(uid: other.uid, nick: other.nick) }

    private func state() throws -> QueueState { try QueueStateUseCase(storage: storage)(me: me.uid) }

    private func enter() async throws {
        let token = database.changeToken
        await store.send(.enter(actingUser: "ME", latitude: here.latitude, longitude: here.longitude, studies: ["swift"]))
        store.receive(.setToken(token)) { $0.token = token }
        let entry = try XCTUnwrap(database.queue[me.uid])
        store.receive(.setEntered(entry, after: 0)) { $0.entry = entry }
    }

    func testARequestIsToldThenTheMatchEndsTheWait() async throws {
        try await enter()
        await store.send(.poll)
        store.receive(.setToken(database.changeToken)) { $0.token = self.database.changeToken }
        store.receive(.append(EventBatch(events: [], penaltyEnds: nil)))
        XCTAssertEqual(try state().status, .waiting)

        _ = try RequestStudyUseCase(storage: storage, clock: clock)(me: other.uid, other: me.uid)
        await store.send(.poll)
        // OTHER waits where I do, shown 100 m north.
        let request = UserEvent(id: 1, createdAt: testNow, kind: .request(from: card, distance: 100))
        store.receive(.setToken(database.changeToken)) { $0.token = self.database.changeToken }
        store.receive(.append(EventBatch(events: [request], penaltyEnds: nil))) {
            $0.requests = [request]
            $0.last = 1
        }
        XCTAssertTrue(store.state.isWaiting)

        // Nothing committed since: a poll reads nothing.
        let looked = storage.transactions
        await store.send(.poll)
        XCTAssertEqual(storage.transactions, looked)

        // I accept from another terminal: my own action tells me nothing, my state does.
        _ = try AcceptStudyUseCase(storage: storage, clock: clock)(me: me.uid, other: other.uid)
        await store.send(.poll)
        let matched = try state()
        store.receive(.setToken(database.changeToken)) { $0.token = self.database.changeToken }
        store.receive(.append(EventBatch(events: [], penaltyEnds: nil)))
        store.receive(.setMatched(matched)) { $0.matched = matched }
        XCTAssertEqual(matched.partner, card)
        XCTAssertFalse(store.state.isWaiting)
    }

    func testLeavingTheQueueElsewhereEndsTheWaitAndTimeOutIsAFailure() async throws {
        try await enter()
        try LeaveQueueUseCase(storage: storage)(me: me.uid)
        await store.send(.poll)
        store.receive(.setToken(database.changeToken)) { $0.token = self.database.changeToken }
        store.receive(.append(EventBatch(events: [], penaltyEnds: nil)))
        let gone = Failure(DomainError.notSearching)
        store.receive(.setFailure(gone)) { $0.failure = gone }

        await store.send(.timeOut(seconds: 5))
        let timeout = Failure(code: "timeout", status: nil, message: "no match within 5 s", exitCode: .refused)
        store.receive(.setFailure(timeout)) { $0.failure = timeout }
    }
}
