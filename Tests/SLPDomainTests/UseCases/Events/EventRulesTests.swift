import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// Who hears of what, decided by the use cases over a storage that decides nothing.
final class EventRulesTests: XCTestCase {
    private let here = Coordinate.at(37.5665, 126.978)
    private var now = testNow
    private var database: InMemoryDatabase!
    private var storage: InMemoryStorage!
    private let a = User.stub(uid: "A", phone: "010-1000-0001", nick: "에이")
    private let b = User.stub(uid: "B", phone: "010-1000-0002", nick: "비")
    private let c = User.stub(uid: "C", phone: "010-1000-0003", nick: "씨")

    override func setUpWithError() throws {
        database = InMemoryDatabase(users: [a, b, c])
        storage = InMemoryStorage(database)
        try storage.write { transaction in
            // A is shown 100 m west, B waits 250.4 m east, C 1,234.6 m north and is shown 100 m further.
            try transaction.putInQueue(.stub("A", at: here, shown: here.moved(100, bearing: 270)), of: a)
            try transaction.putInQueue(.stub("B", at: here.moved(250.4, bearing: 90)), of: b)
            try transaction.putInQueue(.stub("C", at: here.moved(1_234.6), shown: here.moved(1_334.6)), of: c)
        }
    }

    private var clock: StoppedClock { StoppedClock(now) }
    private func card(_ user: User) -> MatchView.Partner { MatchView.Partner(uid: user.uid, nick: user.nick) }
    private func kinds(_ user: User) -> [UserEventKind] { database.eventKinds(of: user.uid) }

    private func request(_ me: User, _ other: User) throws {
        _ = try RequestStudyUseCase(storage: storage, clock: clock)(me: me.uid, other: other.uid)
    }

    private func matchAB() throws {
        try request(a, b)
        _ = try AcceptStudyUseCase(storage: storage, clock: clock)(me: b.uid, other: a.uid)
    }

    // MARK: - Through the use cases

    /// How far from where the one asked waits to where the asker is shown, as the API's search
    /// would show it (never the asker's exact place).
    func testARequestTellsTheOtherWhoAndHowFarInWholeMetres() throws {
        try request(a, b)
        XCTAssertEqual(kinds(b), [.request(from: card(a), distance: 350)])
        try request(c, a)
        XCTAssertEqual(kinds(a), [.request(from: card(c), distance: 1_335)])
        XCTAssertEqual(kinds(c), [], "asking tells me nothing")
        XCTAssertEqual(database.events[b.uid]?.first?.createdAt, now)
    }

    func testAnAcceptTellsTheRequester() throws {
        try matchAB()
        XCTAssertEqual(kinds(a), [.matched(partner: card(b))])
        XCTAssertEqual(kinds(b), [.request(from: card(a), distance: 350)], "accepting tells me nothing")
    }

    func testAMutualRequestTellsTheOneWhoAskedFirst() throws {
        try request(a, b)
        try request(b, a)
        XCTAssertEqual(kinds(a), [.matched(partner: card(b))])
        XCTAssertEqual(kinds(b), [.request(from: card(a), distance: 350)])
        XCTAssertEqual(kinds(c), [])
    }

    func testAReviewTellsThePartnerItsTitlesInSLPOrder() throws {
        try matchAB()
        _ = try ReviewPartnerUseCase(storage: storage, clock: clock)(
            me: a.uid, partner: b.uid, titles: [.helpful, .goodManners, .skilled, .punctual], comment: "고마워요")
        XCTAssertEqual(kinds(b).last, .reviewed(by: card(a), titles: [.goodManners, .punctual, .skilled, .helpful]))
        XCTAssertEqual(kinds(a), [.matched(partner: card(b))], "reviewing tells me nothing")
    }

    func testADodgeTellsThePartnerStillInTheMatch() throws {
        try matchAB()
        _ = try DodgeMatchUseCase(storage: storage, clock: clock)(me: a.uid)
        XCTAssertEqual(kinds(b).last, .dodged(partner: card(a)))
        XCTAssertEqual(kinds(a), [.matched(partner: card(b))])
    }

    func testLeavingAMatchThePartnerAlreadyLeftTellsNobody() throws {
        try matchAB()
        _ = try DodgeMatchUseCase(storage: storage, clock: clock)(me: a.uid)
        _ = try DodgeMatchUseCase(storage: storage, clock: clock)(me: b.uid)
        XCTAssertEqual(kinds(a), [.matched(partner: card(b))], "A left first: B's dodge tells A nothing")

        // The same after a partner finished the match with a review.
        now += 600
        let enter = EnterQueueUseCase(storage: storage, clock: clock)
        for user in [a, b] { _ = try enter(me: user.uid, latitude: 37.5665, longitude: 126.978, studies: []) }
        try matchAB()
        _ = try ReviewPartnerUseCase(storage: storage, clock: clock)(me: b.uid, partner: a.uid, titles: [.kind], comment: nil)
        let told = kinds(b)
        _ = try DodgeMatchUseCase(storage: storage, clock: clock)(me: a.uid)
        XCTAssertEqual(kinds(b), told)
    }

    func testLeavingAMatchWhosePartnerWithdrewTellsNobody() throws {
        try matchAB()
        try WithdrawUserUseCase(storage: storage, clock: StoppedClock(testNow))(me: b.uid)
        let lastID = database.lastEventID
        _ = try DodgeMatchUseCase(storage: storage, clock: clock)(me: a.uid)
        XCTAssertEqual(database.lastEventID, lastID)
    }

    func testAMessageTellsItsRecipient() throws {
        try matchAB()
        let send = SendMessageUseCase(storage: storage, clock: clock)
        let hello = try send(me: b.uid, text: "안녕")
        let reply = try send(me: a.uid, text: "hi")
        XCTAssertEqual(kinds(a).last, .message(hello, from: card(b)))
        XCTAssertEqual(kinds(b).last, .message(reply, from: card(a)))
        XCTAssertEqual(kinds(c), [])
    }

    func testAReportTellsNobody() throws {
        try matchAB()
        let events = database.events
        _ = try ReportUserUseCase(storage: storage, clock: clock)(me: a.uid, other: b.uid, reason: .rude, comment: "무례")
        _ = try ReportUserUseCase(storage: storage, clock: clock)(me: b.uid, other: a.uid, reason: .abuse, comment: nil)
        XCTAssertEqual(database.reports.count, 2)
        XCTAssertEqual(database.events, events)
    }

    func testRefusalsTellNobody() throws {
        _ = try storage.write { try $0.removeFromQueue(c.uid) }
        XCTAssertThrowsDomainError(try request(a, c), .otherNotSearching)
        XCTAssertThrowsDomainError(try AcceptStudyUseCase(storage: storage, clock: clock)(me: a.uid, other: b.uid), .noRequest)
        XCTAssertThrowsDomainError(try DodgeMatchUseCase(storage: storage, clock: clock)(me: a.uid), .notPartner)
        XCTAssertEqual(database.events, [:])
        XCTAssertEqual(database.lastEventID, 0)
    }

    // MARK: - Retention

    /// Events older than 30 days are forgotten as new ones are recorded for their recipient.
    func testEventsOlderThanTheRetentionAreForgotten() throws {
        XCTAssertEqual(EventRules.retentionDays, 30)
        let cutoff = now.addingTimeInterval(-30 * 86_400)
        try storage.write { transaction in
            for date in [cutoff.addingTimeInterval(-86_400), cutoff.addingTimeInterval(-0.001), cutoff, cutoff.addingTimeInterval(1)] {
                try transaction.insertEvent(.penaltyOver, for: b.uid, at: date, forgettingBefore: .distantPast)
            }
            try transaction.insertEvent(.penaltyOver, for: c.uid, at: cutoff.addingTimeInterval(-86_400), forgettingBefore: .distantPast)
        }
        try request(a, b)
        let kept = database.events[b.uid] ?? []
        XCTAssertEqual(kept.map(\.createdAt), [cutoff, cutoff.addingTimeInterval(1), now])
        XCTAssertEqual(kept.map(\.id), [3, 4, 6])
        XCTAssertEqual(database.events[c.uid]?.count, 1, "only the recipient's events are forgotten")
    }

    // MARK: - The rules on their own

    func testTheRulesOnSnapshots() throws {
        // A is shown 100 m north of where A waits; B waits 180.4 m north of A: 80 m from where A is shown.
        let me = PartySnapshot(user: a, entry: .stub("A", at: here, shown: here.moved(100)), current: nil, latest: nil)
        let other = PartySnapshot(user: b, entry: .stub("B", at: here.moved(180.4)), current: nil, latest: nil)
        let pair = PairSnapshot(me: me, other: other, requestFromOther: false, iReported: false, otherReported: false)
        XCTAssertEqual(EventRules.notices(.openRequest, pair), [EventNotice(recipient: b.uid, kind: .request(from: card(a), distance: 80))])
        XCTAssertEqual(EventRules.notices(.match, pair), [EventNotice(recipient: b.uid, kind: .matched(partner: card(a)))])
        XCTAssertEqual(
            EventRules.notices(.review(titles: [.kind, .goodManners], comment: nil, endsMyMatch: true, resetsMyDodges: true), pair),
            [EventNotice(recipient: b.uid, kind: .reviewed(by: card(a), titles: [.goodManners, .kind]))])
        XCTAssertEqual(EventRules.notices(.report(reason: .rude, comment: nil, barsFromQueue: true), pair), [])
        let unplaced = PairSnapshot(
            me: PartySnapshot(user: a, entry: nil, current: nil, latest: nil), other: other, requestFromOther: false, iReported: false,
            otherReported: false)
        XCTAssertEqual(EventRules.notices(.openRequest, unplaced), [EventNotice(recipient: b.uid, kind: .request(from: card(a), distance: 0))])

        XCTAssertEqual(EventRules.notices(dodging: .stub(partner: "B"), me: a), [EventNotice(recipient: b.uid, kind: .dodged(partner: card(a)))])
        XCTAssertEqual(EventRules.notices(dodging: .stub(partner: "B", theirs: .dodged), me: a), [])
        XCTAssertEqual(EventRules.notices(dodging: .stub(partner: "B", theirs: .reviewed), me: a), [])
        XCTAssertEqual(EventRules.notices(dodging: .stub(partner: "B", withdrawn: true), me: a), [])
    }
}
