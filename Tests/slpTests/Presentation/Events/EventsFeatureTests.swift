import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

@testable import slp

@MainActor
final class EventsFeatureTests: XCTestCase {
    private var storage: InMemoryStorage!
    private var database: InMemoryDatabase { storage.database }
    private var store: TestStore<EventsFeature>!
    private let a = User.stub(uid: "A", phone: "010-1000-0001", nick: "에이")
    private let b = User.stub(uid: "B", phone: "010-1000-0002", nick: "비")

    override func setUp() async throws {
        storage = InMemoryStorage(InMemoryDatabase(users: [a, b]))
        let here = Coordinate.at(37.5665, 126.978)
        try storage.write { [a, b] in
            try $0.putInQueue(QueueEntry.stub("A", at: here, shown: here.moved(100, bearing: 180)), of: a)
            try $0.putInQueue(QueueEntry.stub("B", at: here.moved(250)), of: b)
        }
        let follow = FollowEventsUseCase(storage: storage, clock: StoppedClock(testNow))
        store = TestStore(EventsFeature(identify: IdentifyUserUseCase(storage: storage), follow: follow), initialState: .init(), test: self)
    }

    /// Another process asks `to` to study: one commit with its event.
    private func request(from: User, to: User) throws {
        _ = try RequestStudyUseCase(storage: storage, clock: StoppedClock(testNow))(me: from.uid, other: to.uid)
    }

    /// B waits 250 m north of A, who is shown 100 m south.
    private var asked: UserEventKind { .request(from: MatchView.Partner(uid: a.uid, nick: a.nick), distance: 350) }

    func testFromNowOnSkipsWhatIsStoredAndTellsEachNewEventOnce() async throws {
        try request(from: a, to: b)
        let token = database.changeToken
        await store.send(.open(actingUser: "B", since: nil))
        store.receive(.setToken(token)) { $0.token = token }
        store.receive(.setStart(me: b.uid, after: 1)) {
            $0.me = self.b.uid
            $0.start = 1
        }
        store.receive(.append(EventBatch(events: [], penaltyEnds: nil)))

        // Nothing committed: the poll reads nothing.
        let looked = storage.transactions
        await store.send(.poll)
        XCTAssertEqual(storage.transactions, looked)

        // The first request is void by now (as a match elsewhere makes it): A asks anew. Asking
        // while it was still open would tell B nothing.
        try storage.write { [a, b] in try $0.deleteRequests(between: a.uid, and: b.uid) }
        try request(from: a, to: b)
        await store.send(.poll)
        let news = UserEvent(id: 2, createdAt: testNow, kind: asked)
        store.receive(.setToken(database.changeToken)) { $0.token = self.database.changeToken }
        store.receive(.append(EventBatch(events: [news], penaltyEnds: nil))) { $0.events = [news] }
        XCTAssertEqual(store.state.last, 2)
    }

    func testSinceZeroTellsEverythingStored() async throws {
        try request(from: a, to: b)
        await store.send(.open(actingUser: "B", since: 0))
        let stored = UserEvent(id: 1, createdAt: testNow, kind: asked)
        store.receive(.setToken(database.changeToken)) { $0.token = self.database.changeToken }
        store.receive(.setStart(me: b.uid, after: 0)) { $0.me = self.b.uid }
        store.receive(.append(EventBatch(events: [stored], penaltyEnds: nil))) { $0.events = [stored] }
    }

    func testAnUnknownUserFails() async {
        await store.send(.open(actingUser: "nobody", since: nil))
        let failure = Failure(DomainError.notRegistered)
        store.receive(.setFailure(failure)) { $0.failure = failure }
        XCTAssertFalse(store.state.isFollowing)
    }

    func testReduceNeverTellsAnEventTwice() {
        let first = UserEvent(id: 3, createdAt: testNow, kind: .penaltyOver)
        let second = UserEvent(id: 4, createdAt: testNow, kind: asked)
        var state = EventsFeature.reduce(.init(), .append(EventBatch(events: [first], penaltyEnds: testNow)))
        XCTAssertEqual(state.penaltyEnds, testNow)
        state = EventsFeature.reduce(state, .append(EventBatch(events: [first, second], penaltyEnds: nil)))
        XCTAssertEqual(state.events, [first, second])
        XCTAssertNil(state.penaltyEnds)
    }
}
