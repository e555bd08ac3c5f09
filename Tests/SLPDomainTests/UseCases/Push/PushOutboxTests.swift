import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// The push outbox, decided by the use cases over a storage that decides nothing: what is
/// queued with each event, what a sender claims, and what its outcomes do.
final class PushOutboxTests: XCTestCase {
    private let here = Coordinate.at(37.5665, 126.978)
    private var now = testNow
    private var database: InMemoryDatabase!
    private var storage: InMemoryStorage!
    private var a = User.stub(uid: "A", phone: "010-1000-0001", nick: "에이")
    private var b = User.stub(uid: "B", phone: "010-1000-0002", nick: "비")
    private var c = User.stub(uid: "C", phone: "010-1000-0003", nick: "씨")
    private let minute: TimeInterval = 60

    override func setUpWithError() throws {
        a.pushToken = try PushToken("token-a")
        b.pushToken = try PushToken("token-b")
        c.pushToken = try PushToken("token-c")
        database = InMemoryDatabase(users: [a, b, c])
        storage = InMemoryStorage(database)
        try storage.write { transaction in
            for user in [a, b, c] { try transaction.putInQueue(.stub(user.uid.rawValue, at: here), of: user) }
        }
    }

    private var clock: StoppedClock { StoppedClock(now) }

    private func request(_ me: User, _ other: User) throws {
        _ = try RequestStudyUseCase(storage: storage, clock: clock)(me: me.uid, other: other.uid)
    }

    private func claim(_ owner: String = "s1", lease: Duration = .seconds(30), limit: Int = 10) throws -> [PendingPush] {
        try ClaimPushesUseCase(storage: storage, clock: clock)(owner: owner, lease: lease, limit: limit)
    }

    private func record(_ outcomes: [(PendingPush, PushOutcome)], as owner: String = "s1") throws {
        try RecordPushOutcomesUseCase(storage: storage, clock: clock)(owner: owner, outcomes)
    }

    private func counts() throws -> PushCounts {
        try ReadPushCountsUseCase(storage: storage)()
    }

    /// Each pushed event as `recipient:route`, in claim order.
    private func routes(_ pushes: [PendingPush]) -> [String] {
        pushes.map { "\($0.recipient.rawValue):\($0.notice.route.rawValue)" }
    }

    // MARK: - Queued with the event

    func testEveryEventThatPushesQueuesItsPushInItsOwnTransaction() throws {
        try request(a, b)
        _ = try AcceptStudyUseCase(storage: storage, clock: clock)(me: b.uid, other: a.uid)
        _ = try SendMessageUseCase(storage: storage, clock: clock)(me: b.uid, text: "안녕")
        _ = try ReviewPartnerUseCase(storage: storage, clock: clock)(me: b.uid, partner: a.uid, titles: [.kind], comment: nil)
        let pushing = database.events.values.flatMap { $0 }.filter { PushRules.notice(for: $0) != nil }.map(\.id)
        XCTAssertEqual(pushing.count, 3, "the request, the accept and the message; not the review")
        XCTAssertEqual(Set(database.pushes.keys), Set(pushing))
        XCTAssertEqual(database.pushes.values.map(\.recipient).sorted(), [a.uid, a.uid, b.uid])
        XCTAssertEqual(try counts().pending, 3)
    }

    /// Without a sender the outbox does not grow: a recipient's pushes older than an hour are
    /// forgotten as the next is queued.
    func testQueuingForgetsTheRecipientsPushesOlderThanAnHour() throws {
        try request(a, b)
        try request(c, a)
        let first = try XCTUnwrap(database.pushes.values.first { $0.recipient == b.uid }).event
        now += 3_601
        _ = try storage.write { try $0.deleteRequests(between: a.uid, and: b.uid) }
        try request(a, b)
        XCTAssertNil(database.pushes[first])
        XCTAssertEqual(database.pushes.values.map(\.recipient).sorted(), [a.uid, b.uid], "only the recipient's old ones go")
    }

    // MARK: - Claims

    /// One claim is one write: it leases each user's oldest push only, so that a user's pushes
    /// go one at a time in commit order; the next waits until the first is recorded.
    func testAClaimTakesEachUsersOldestPushOnly() throws {
        try request(a, b)
        try request(c, b)
        try request(a, c)
        var claimed: [PendingPush] = []
        XCTAssertEqual(try storage.transactions(during: { claimed = try claim() }), ["write"])
        XCTAssertEqual(routes(claimed), ["B:studyRequest", "C:studyRequest"])
        XCTAssertEqual(try claim("s2"), [], "leased, and B's second waits behind the first")
        let first = try XCTUnwrap(database.pushes.values.filter { $0.recipient == b.uid }.min { $0.event < $1.event })
        XCTAssertEqual(first.leaseOwner, "s1")
        XCTAssertEqual(first.leaseUntil, now + 30)
    }

    func testAClaimTakesNoMoreThanItsLimitSoonestDueFirst() throws {
        try request(a, c)
        try request(a, b)
        now += 1
        try request(b, c)
        XCTAssertEqual(routes(try claim(limit: 1)), ["C:studyRequest"])
        XCTAssertEqual(routes(try claim(limit: 1)), ["B:studyRequest"])
        XCTAssertEqual(try claim(limit: 0), [])
        XCTAssertEqual(try claim(limit: 5), [], "C's second waits behind the first")
    }

    func testARequestsPushGoesAndThenTheNextOneOfTheSameUser() throws {
        try request(a, b)
        try request(c, b)
        let first = try claim()
        XCTAssertEqual(first.map(\.notice.body), ["에이님이 함께 공부하고 싶어해요"])
        XCTAssertEqual(first.first?.token, b.pushToken)
        XCTAssertEqual(first.first?.eventTime, now)
        XCTAssertEqual(first.first?.attempts, 0)
        XCTAssertEqual(try claim(), [])
        try record([(try XCTUnwrap(first.first), .sent)])
        let second = try claim()
        XCTAssertEqual(second.map(\.notice.body), ["씨님이 함께 공부하고 싶어해요"])
        XCTAssertGreaterThan(try XCTUnwrap(second.first).eventID, try XCTUnwrap(first.first).eventID)
        XCTAssertEqual(try claim(limit: 0), [])
    }

    func testALeaseRunOutIsTakenOverByAnotherSender() throws {
        try request(a, b)
        let mine = try XCTUnwrap(try claim("s1", lease: .seconds(30)).first)
        now += 29
        XCTAssertEqual(try claim("s2"), [])
        now += 1
        let taken = try XCTUnwrap(try claim("s2").first)
        XCTAssertEqual(taken.eventID, mine.eventID)
        XCTAssertEqual(database.pushes[mine.eventID]?.leaseOwner, "s2")
        // The first sender's late outcome no longer decides, but a send FCM took is done.
        try record([(mine, .retry(at: now + 5))], as: "s1")
        try record([(mine, .rejected)], as: "s1")
        try record([(mine, .parked(until: now + 5))], as: "s1")
        XCTAssertEqual(database.pushes[mine.eventID]?.leaseOwner, "s2")
        XCTAssertEqual(try counts(), PushCounts(pending: 1))
        try record([(mine, .sent)], as: "s1")
        XCTAssertNil(database.pushes[mine.eventID])
        XCTAssertEqual(try counts(), PushCounts(sent: 1))
        try record([(taken, .retry(at: now + 5))], as: "s2")
        XCTAssertEqual(try counts(), PushCounts(sent: 1), "nothing left to retry")
    }

    /// What no longer matters at send time is dropped and counted, and the user's next push is
    /// claimed in its place.
    func testStalePushesAreDroppedAndCounted() throws {
        // A request withdrawn before it was sent.
        try request(a, b)
        _ = try storage.write { try $0.deleteRequests(between: a.uid, and: b.uid) }
        XCTAssertEqual(try claim(), [])
        XCTAssertEqual(try counts(), PushCounts(dropped: 1))
        // An event older than an hour.
        try request(a, b)
        now += 3_601
        XCTAssertEqual(try claim(), [])
        XCTAssertEqual(try counts(), PushCounts(dropped: 2))
        // A recipient without a token, then one whose event is forgotten; C's next is claimed at once.
        try request(a, c)
        try request(b, c)
        _ = try storage.write { try $0.clearPushToken(of: self.c.uid, ifStill: self.c.pushToken) }
        XCTAssertEqual(try claim(), [])
        XCTAssertEqual(try counts(), PushCounts(dropped: 4))
        _ = try UpdatePushTokenUseCase(storage: storage)(me: c.uid, token: "token-c2")
        _ = try storage.write { try $0.deleteRequests(between: a.uid, and: b.uid) }
        try request(b, a)
        database.events[a.uid] = []
        XCTAssertEqual(try claim(), [])
        XCTAssertEqual(try counts(), PushCounts(dropped: 5))
        // A recipient gone takes their pushes along.
        _ = try storage.write { try $0.deleteRequests(involving: self.c.uid) }
        try request(a, c)
        XCTAssertEqual(try counts().pending, 1)
        try WithdrawUserUseCase(storage: storage, clock: clock)(me: c.uid)
        XCTAssertEqual(try counts().pending, 0)
    }

    func testAStaleOldestPushLetsTheNextOneGoInTheSameClaim() throws {
        try request(a, b)
        try request(c, b)
        _ = try storage.write { try $0.deleteRequests(between: a.uid, and: b.uid) }
        XCTAssertEqual(try claim().map(\.notice.body), ["씨님이 함께 공부하고 싶어해요"])
        XCTAssertEqual(try counts(), PushCounts(pending: 1, dropped: 1))
    }

    // MARK: - Outcomes

    func testASentPushIsDoneAndCounted() throws {
        try request(a, b)
        let push = try XCTUnwrap(try claim().first)
        XCTAssertEqual(try storage.transactions(during: { try record([(push, .sent)]) }), ["write"])
        XCTAssertEqual(try counts(), PushCounts(sent: 1))
        XCTAssertEqual(try storage.transactions(during: { try record([]) }), [], "nothing to record, no transaction")
    }

    func testARetryIsDueLaterTriedAgainAndGivenUpPastAnHour() throws {
        try request(a, b)
        let push = try XCTUnwrap(try claim().first)
        try record([(push, .retry(at: now + 2))])
        XCTAssertEqual(database.pushes[push.eventID]?.attempts, 1)
        XCTAssertNil(database.pushes[push.eventID]?.leaseOwner)
        now += 1
        XCTAssertEqual(try claim(), [], "not before its time")
        now += 1
        let again = try XCTUnwrap(try claim("s2").first)
        XCTAssertEqual(again.attempts, 1)
        try record([(again, .retry(at: push.eventTime + 3_601))], as: "s2")
        XCTAssertNil(database.pushes[push.eventID], "given up an hour after the event")
        XCTAssertEqual(try counts(), PushCounts(retried: 1, dropped: 1))
    }

    func testAGoneTokenIsClearedOnlyWhileItIsStillTheOneSent() throws {
        try request(a, b)
        try request(b, c)
        let pushes = try claim()
        XCTAssertEqual(routes(pushes), ["B:studyRequest", "C:studyRequest"])
        // C registered a new token since the push was claimed.
        _ = try UpdatePushTokenUseCase(storage: storage)(me: c.uid, token: "token-c2")
        try record(pushes.map { ($0, .tokenGone) })
        XCTAssertEqual(try database.stored(b.uid)?.pushToken, PushToken.none)
        XCTAssertEqual(try database.stored(c.uid)?.pushToken.value, "token-c2")
        XCTAssertEqual(try counts(), PushCounts(tokensCleared: 1))
        // A later token revives B's pushes.
        _ = try UpdatePushTokenUseCase(storage: storage)(me: b.uid, token: "token-b2")
        try request(c, b)
        XCTAssertEqual(try claim().map(\.token.value), ["token-b2"])
    }

    func testARejectedPushIsDroppedAndAParkedOneWaits() throws {
        try request(a, b)
        try request(a, c)
        let pushes = try claim()
        try record([(pushes[0], .rejected), (pushes[1], .parked(until: now + 600))])
        XCTAssertNil(database.pushes[pushes[0].eventID])
        XCTAssertEqual(database.pushes[pushes[1].eventID]?.due, now + 600)
        XCTAssertEqual(database.pushes[pushes[1].eventID]?.attempts, 0, "parking is no try")
        XCTAssertEqual(try counts(), PushCounts(pending: 1, dropped: 1, parked: 1))
        now += 600
        XCTAssertEqual(try claim().map(\.eventID), [pushes[1].eventID])
    }

    // MARK: - One phone, one account

    func testRegisteringWithAnotherAccountsTokenTakesItFromThatAccount() throws {
        let register = RegisterUserUseCase(storage: storage, clock: clock, ids: SequentialUserIDGenerator())
        let user = try register(.stub(phone: "010-2000-0001", nick: "새싹", pushToken: "token-a"))
        XCTAssertEqual(user.pushToken.value, "token-a")
        XCTAssertEqual(try database.stored(a.uid)?.pushToken, PushToken.none)
        XCTAssertEqual(try database.stored(b.uid)?.pushToken.value, "token-b")
        _ = try register(.stub(phone: "010-2000-0002", nick: "새싹", pushToken: ""))
        XCTAssertEqual(try database.stored(b.uid)?.pushToken.value, "token-b", "no token takes nothing")
    }

    func testUpdatingToAnotherAccountsTokenTakesItFromThatAccount() throws {
        _ = try UpdatePushTokenUseCase(storage: storage)(me: b.uid, token: "token-a")
        XCTAssertEqual(try database.stored(a.uid)?.pushToken, PushToken.none)
        XCTAssertEqual(try database.stored(b.uid)?.pushToken.value, "token-a")
        XCTAssertEqual(try database.stored(c.uid)?.pushToken.value, "token-c")
        _ = try UpdatePushTokenUseCase(storage: storage)(me: b.uid, token: "token-a")
        XCTAssertEqual(try database.stored(b.uid)?.pushToken.value, "token-a", "the same token again keeps it")
    }
}
