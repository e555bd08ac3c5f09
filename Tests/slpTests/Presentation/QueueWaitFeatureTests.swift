import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

@testable import slp

@MainActor
final class QueueWaitFeatureTests: XCTestCase {
    private var database: InMemoryDatabase!
    private var store: TestStore<QueueWaitFeature>!
    private let me = User.stub(uid: "ME", phone: "010-1000-0001", nick: "나")
    private let other = User.stub(uid: "OTHER", phone: "010-1000-0002", nick: "너")
    private let here = Coordinate.at(37.5665, 126.978)

    override func setUp() async throws {
        database = InMemoryDatabase(users: [me, other])
        database.place(QueueEntry.stub("OTHER", at: here))
        let users = InMemoryUserRepository(database), matches = InMemoryMatchRepository(database)
        let clock = StoppedClock(testNow)
        store = TestStore(
            QueueWaitFeature(
                identify: IdentifyUserUseCase(users: users), enter: EnterQueueUseCase(queue: InMemoryQueueRepository(database), clock: clock),
                state: QueueStateUseCase(matches: matches), follow: FollowEventsUseCase(events: InMemoryEventRepository(database), clock: clock)),
            initialState: .init(), test: self)
    }

    private var matches: InMemoryMatchRepository { InMemoryMatchRepository(database) }
    private var card: MatchView.Partner { MatchView.Partner(uid: other.uid, nick: other.nick) }

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
        let standing = try QueueStateUseCase(matches: matches)(me: me.uid)
        store.receive(.setToken(database.changeToken)) { $0.token = self.database.changeToken }
        store.receive(.append(EventBatch(events: [], penaltyEnds: nil)))
        XCTAssertEqual(standing.status, .waiting)

        _ = try RequestStudyUseCase(matches: matches, clock: StoppedClock(testNow))(me: other.uid, other: me.uid)
        await store.send(.poll)
        let request = UserEvent(id: 1, createdAt: testNow, kind: .request(from: card, distance: 0))
        store.receive(.setToken(database.changeToken)) { $0.token = self.database.changeToken }
        store.receive(.append(EventBatch(events: [request], penaltyEnds: nil))) {
            $0.requests = [request]
            $0.last = 1
        }
        XCTAssertTrue(store.state.isWaiting)

        // I accept from another terminal: my own action tells me nothing, my state does.
        _ = try AcceptStudyUseCase(matches: matches, clock: StoppedClock(testNow))(me: me.uid, other: other.uid)
        await store.send(.poll)
        let matched = try QueueStateUseCase(matches: matches)(me: me.uid)
        store.receive(.setToken(database.changeToken)) { $0.token = self.database.changeToken }
        store.receive(.append(EventBatch(events: [], penaltyEnds: nil)))
        store.receive(.setMatched(matched)) { $0.matched = matched }
        XCTAssertEqual(matched.partner, card)
        XCTAssertFalse(store.state.isWaiting)
    }

    func testLeavingTheQueueElsewhereEndsTheWaitAndTimeOutIsAFailure() async throws {
        try await enter()
        _ = try LeaveQueueUseCase(queue: InMemoryQueueRepository(database))(me: me.uid)
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
