import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// Following my events over the in-memory store: from where, and the end of a penalty told
/// once by the first look after it.
final class FollowEventsUseCaseTests: XCTestCase {
    private var database: InMemoryDatabase!
    private var storage: InMemoryStorage!
    private var clock: StoppedClock!
    private var follow: FollowEventsUseCase!
    private let a = User.stub(uid: "A", phone: "010-1000-0001", nick: "에이")
    private let b = User.stub(uid: "B", phone: "010-1000-0002", nick: "비")

    override func setUpWithError() throws {
        database = InMemoryDatabase(users: [a, b])
        storage = InMemoryStorage(database)
        let here = Coordinate.at(37.5665, 126.978)
        try storage.write { transaction in
            // A is shown 100 m south; B waits 100 m north.
            try transaction.putInQueue(QueueEntry.stub("A", at: here, shown: here.moved(100, bearing: 180)), of: a)
            try transaction.putInQueue(QueueEntry.stub("B", at: here.moved(100)), of: b)
        }
        clock = StoppedClock(testNow)
        follow = FollowEventsUseCase(storage: storage, clock: clock)
    }

    private func card(_ user: User) -> MatchView.Partner { MatchView.Partner(uid: user.uid, nick: user.nick) }

    /// A and B matched with a plain storage write (nobody is told), and A dodging it.
    private func aDodges() throws -> DodgeDecision {
        try storage.write { transaction in
            for uid in [a.uid, b.uid] { try transaction.removeFromQueue(uid) }
            _ = try transaction.insertMatch(a.uid, b.uid, at: testNow)
        }
        return try DodgeMatchUseCase(storage: storage, clock: clock)(me: a.uid).0
    }

    func testTheOtherUserIsToldOfRequestMatchReviewAndMessageMyselfOfNothing() throws {
        let start = try follow.start(me: b.uid, since: nil)
        XCTAssertEqual(start, 0)
        _ = try RequestStudyUseCase(storage: storage, clock: clock)(me: a.uid, other: b.uid)
        let requested = try follow.look(me: b.uid, after: start).events
        XCTAssertEqual(requested.map(\.kind), [.request(from: card(a), distance: 200)])
        XCTAssertEqual(try follow.look(me: a.uid, after: 0).events, [])

        _ = try AcceptStudyUseCase(storage: storage, clock: clock)(me: b.uid, other: a.uid)
        XCTAssertEqual(try follow.look(me: a.uid, after: 0).events.map(\.kind), [.matched(partner: card(b))])
        let message = try SendMessageUseCase(storage: storage, clock: clock)(me: a.uid, text: "hi")
        _ = try ReviewPartnerUseCase(storage: storage, clock: clock)(me: a.uid, partner: b.uid, titles: [.kind], comment: nil)
        XCTAssertEqual(try follow.look(me: b.uid, after: requested[0].id).events.map(\.kind), [
            .message(message, from: card(a)), .reviewed(by: card(a), titles: [.kind]),
        ])
        XCTAssertEqual(try follow.start(me: b.uid, since: nil), 4, "from now on: after my latest event")
        XCTAssertEqual(try follow.start(me: b.uid, since: 0), 0)
        XCTAssertEqual(try follow.start(me: b.uid, since: 2), 2)
        XCTAssertEqual(try follow.look(me: b.uid, after: 0).events.map(\.id), [1, 3, 4], "ids count up across everyone")
    }

    /// With a page, a look tells at most that many, the oldest first; the next goes on after the last.
    func testALookWithAPageTellsAtMostAPageOldestFirst() throws {
        let paged = FollowEventsUseCase(storage: storage, clock: clock, page: 2)
        _ = try RequestStudyUseCase(storage: storage, clock: clock)(me: a.uid, other: b.uid)
        _ = try AcceptStudyUseCase(storage: storage, clock: clock)(me: b.uid, other: a.uid)
        for text in ["one", "two", "three"] { _ = try SendMessageUseCase(storage: storage, clock: clock)(me: a.uid, text: text) }
        let all = try follow.look(me: b.uid, after: 0).events.map(\.id)
        XCTAssertEqual(all.count, 4)
        let first = try paged.look(me: b.uid, after: 0).events.map(\.id)
        XCTAssertEqual(first, Array(all[0..<2]))
        XCTAssertEqual(try paged.look(me: b.uid, after: first[1]).events.map(\.id), Array(all[2..<4]))
        XCTAssertEqual(try paged.look(me: b.uid, after: all[3]).events, [])
    }

    func testAnUnknownUserIsNotRegistered() {
        XCTAssertThrowsDomainError(try follow.look(me: try UserID("Ghost"), after: 0), .notRegistered)
    }

    func testThePenaltyEndIsToldOnceWhenItHasCome() async throws {
        let decision = try aDodges()
        XCTAssertEqual(try follow.look(me: b.uid, after: 0).events.map(\.kind), [.dodged(partner: card(a))])
        let end = try XCTUnwrap(decision.penaltyUntil)
        XCTAssertEqual(try follow.look(me: a.uid, after: 0), EventBatch(events: [], penaltyEnds: end))
        let before = try await follow.waitForNews(since: try follow.changeToken(), penaltyEnds: end, upTo: .zero)
        XCTAssertFalse(before)
        let atTheEnd = FollowEventsUseCase(storage: storage, clock: StoppedClock(end))
        let atEnd = try await atTheEnd.waitForNews(since: try atTheEnd.changeToken(), penaltyEnds: end, upTo: .zero)
        XCTAssertTrue(atEnd)
        let over = try atTheEnd.look(me: a.uid, after: 0)
        XCTAssertEqual(over.events.map(\.kind), [.penaltyOver])
        XCTAssertEqual(over.events.first?.createdAt, end)
        XCTAssertNil(over.penaltyEnds)
        XCTAssertEqual(try atTheEnd.look(me: a.uid, after: 0).events.count, 1)
        XCTAssertNil(database.penaltyNoticeDue[a.uid])
    }

    func testAPenaltyOverLongAgoIsToldOnceDatedAtItsEnd() throws {
        let end = try XCTUnwrap(try aDodges().penaltyUntil)
        let muchLater = FollowEventsUseCase(storage: storage, clock: StoppedClock(end.addingTimeInterval(3_600)))
        let over = try muchLater.look(me: a.uid, after: 0)
        XCTAssertEqual(over.events.map(\.kind), [.penaltyOver])
        XCTAssertEqual(over.events.first?.createdAt, end, "dated at the penalty's end, not at the look")
        XCTAssertEqual(try storage.transactions(during: {
            XCTAssertEqual(try muchLater.look(me: a.uid, after: 0).events.map(\.kind), [.penaltyOver])
        }), ["read"], "once told, a look only reads")
        XCTAssertEqual(database.events[a.uid]?.count, 1)
    }

    func testAReaderThatMayNotWriteLeavesThePenaltyEndToTheNext() throws {
        let end = try XCTUnwrap(try aDodges().penaltyUntil)
        let atTheEnd = FollowEventsUseCase(storage: storage, clock: StoppedClock(end))
        storage.acceptsWrites = false
        XCTAssertEqual(try storage.transactions(during: {
            XCTAssertEqual(try atTheEnd.look(me: a.uid, after: 0), EventBatch(events: [], penaltyEnds: nil))
        }), ["read"])
        XCTAssertNil(database.events[a.uid], "nothing recorded")
        XCTAssertEqual(database.penaltyNoticeDue[a.uid], end, "still due")

        storage.acceptsWrites = true
        let over = try atTheEnd.look(me: a.uid, after: 0)
        XCTAssertEqual(over.events.map(\.kind), [.penaltyOver])
        XCTAssertEqual(over.events.first?.createdAt, end)
    }

    func testBeforeItsEndAPenaltyIsOnlyAnnounced() throws {
        let end = try XCTUnwrap(try aDodges().penaltyUntil)
        let justBefore = FollowEventsUseCase(storage: storage, clock: StoppedClock(end.addingTimeInterval(-0.001)))
        XCTAssertEqual(try storage.transactions(during: {
            XCTAssertEqual(try justBefore.look(me: a.uid, after: 0), EventBatch(events: [], penaltyEnds: end))
        }), ["read"])
        XCTAssertEqual(database.penaltyNoticeDue[a.uid], end)
    }

    func testWaitingWithoutATokenOrAfterACommitFindsNews() async throws {
        let first = try await follow.waitForNews(since: nil, penaltyEnds: nil, upTo: .seconds(60))
        XCTAssertTrue(first, "a first look always looks")
        let token = try follow.changeToken()
        let quiet = try await follow.waitForNews(since: token, penaltyEnds: nil, upTo: .zero)
        XCTAssertFalse(quiet)
        storage.commitElsewhere()
        let news = try await follow.waitForNews(since: token, penaltyEnds: nil, upTo: .zero)
        XCTAssertTrue(news)
    }
}
