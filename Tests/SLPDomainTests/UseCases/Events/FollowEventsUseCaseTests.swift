import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// Events through the match, chat and event use cases over the in-memory repositories: who is
/// told what, and following from a point.
final class FollowEventsUseCaseTests: XCTestCase {
    private var database: InMemoryDatabase!
    private var clock: StoppedClock!
    private var follow: FollowEventsUseCase!
    private let a = User.stub(uid: "A", phone: "010-1000-0001", nick: "에이")
    private let b = User.stub(uid: "B", phone: "010-1000-0002", nick: "비")

    override func setUp() {
        database = InMemoryDatabase(users: [a, b])
        let here = Coordinate.at(37.5665, 126.978)
        database.place(QueueEntry.stub("A", at: here))
        database.place(QueueEntry.stub("B", at: here.moved(100)))
        clock = StoppedClock(testNow)
        follow = FollowEventsUseCase(events: InMemoryEventRepository(database), clock: clock)
    }

    private var matches: InMemoryMatchRepository { InMemoryMatchRepository(database) }
    private func card(_ user: User) -> MatchView.Partner { MatchView.Partner(uid: user.uid, nick: user.nick) }

    func testTheOtherUserIsToldOfRequestMatchReviewAndMessageMyselfOfNothing() throws {
        let start = try follow.start(me: b.uid, since: nil)
        XCTAssertEqual(start, 0)
        _ = try RequestStudyUseCase(matches: matches, clock: clock)(me: a.uid, other: b.uid)
        let requested = try follow.look(me: b.uid, after: start).events
        XCTAssertEqual(requested.map(\.kind), [.request(from: card(a), distance: 100)])
        XCTAssertEqual(try follow.look(me: a.uid, after: 0).events, [])

        _ = try AcceptStudyUseCase(matches: matches, clock: clock)(me: b.uid, other: a.uid)
        XCTAssertEqual(try follow.look(me: a.uid, after: 0).events.map(\.kind), [.matched(partner: card(b))])
        let message = try SendMessageUseCase(chats: InMemoryChatRepository(database), clock: clock)(me: a.uid, text: "hi")
        _ = try ReviewPartnerUseCase(matches: matches, clock: clock)(me: a.uid, partner: b.uid, titles: [.kind], comment: nil)
        XCTAssertEqual(try follow.look(me: b.uid, after: requested[0].id).events.map(\.kind), [
            .message(message, from: card(a)), .reviewed(by: card(a), titles: [.kind]),
        ])
        XCTAssertEqual(try follow.start(me: b.uid, since: nil), 4, "from now on: after my latest event")
        XCTAssertEqual(try follow.start(me: b.uid, since: 0), 0)
    }

    func testThePenaltyEndIsToldOnceWhenItHasCome() async throws {
        database.startMatch(a.uid, b.uid, at: testNow)
        let (decision, _) = try DodgeMatchUseCase(matches: matches, clock: clock)(me: a.uid)
        XCTAssertEqual(try follow.look(me: b.uid, after: 0).events.map(\.kind), [.dodged(partner: card(a))])
        let end = try XCTUnwrap(decision.penaltyUntil)
        XCTAssertEqual(try follow.look(me: a.uid, after: 0), EventBatch(events: [], penaltyEnds: end))
        let before = try await follow.waitForNews(since: try follow.changeToken(), penaltyEnds: end, upTo: .zero)
        XCTAssertFalse(before)
        let atTheEnd = FollowEventsUseCase(events: InMemoryEventRepository(database), clock: StoppedClock(end))
        let atEnd = try await atTheEnd.waitForNews(since: try atTheEnd.changeToken(), penaltyEnds: end, upTo: .zero)
        XCTAssertTrue(atEnd)
        let over = try atTheEnd.look(me: a.uid, after: 0)
        XCTAssertEqual(over.events.map(\.kind), [.penaltyOver])
        XCTAssertEqual(over.events.first?.createdAt, end)
        XCTAssertNil(over.penaltyEnds)
        XCTAssertEqual(try atTheEnd.look(me: a.uid, after: 0).events.count, 1)
    }
}
