import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// Only a partner (current or past) may report, and only the reports of people who still have
/// an account count towards the ban: the rules of `ReportUserUseCase` and `MatchRules.report`.
final class PartnersOnlyReportTests: XCTestCase {
    private let here = Coordinate.at(37.5665, 126.9780)
    private var storage: InMemoryStorage!
    private var clock: StoppedClock { StoppedClock(testNow) }

    private func user(_ uid: String, _ phone: String) -> User {
        User.stub(uid: uid, phone: phone, nick: uid)
    }

    override func setUp() {
        storage = InMemoryStorage(InMemoryDatabase(users: (1...6).map { user("U\($0)", "010-2000-000\($0)") }))
    }

    private func id(_ text: String) -> UserID { try! UserID(text) }

    private func report(_ reporter: String, _ reported: String) throws {
        _ = try ReportUserUseCase(storage: storage, clock: clock)(me: id(reporter), other: id(reported), reason: .rude, comment: nil)
    }

    /// `a` and `b` matched through a request and an accept, then `a` leaves by a review.
    private func meet(_ a: String, _ b: String, leaving: Bool = true) throws {
        try storage.write { transaction in
            for uid in [a, b] {
                guard let stored = try transaction.user(id(uid)) else { return XCTFail("no \(uid)") }
                try transaction.putInQueue(.stub(uid, at: here), of: stored)
            }
        }
        _ = try RequestStudyUseCase(storage: storage, clock: clock)(me: id(a), other: id(b))
        _ = try AcceptStudyUseCase(storage: storage, clock: clock)(me: id(b), other: id(a))
        if leaving { _ = try ReviewPartnerUseCase(storage: storage, clock: clock)(me: id(a), partner: id(b), titles: [.kind], comment: nil) }
    }

    private func reportedCount(_ uid: String) throws -> Int {
        try XCTUnwrap(try storage.read { try $0.user(id(uid)) }).reportedCount
    }

    func testAStrangerIsRefusedAndNothingIsStored() throws {
        XCTAssertThrowsError(try report("U1", "U2")) { XCTAssertEqual($0 as? DomainError, .notPartner) }
        XCTAssertEqual(storage.database.reports.count, 0)
        XCTAssertEqual(try reportedCount("U2"), 0)
        XCTAssertEqual(storage.database.events.values.flatMap { $0 }.count, 0)
    }

    func testCurrentAndPastPartnersMayReportOnceEach() throws {
        try meet("U1", "U2", leaving: false)
        try report("U1", "U2")  // my current partner
        XCTAssertThrowsError(try report("U1", "U2")) { XCTAssertEqual($0 as? DomainError, .alreadyReported) }
        try report("U2", "U1")  // and they may report me
        try meet("U3", "U4")
        try meet("U5", "U4")  // U4 has moved on: U3 is a past partner
        try report("U3", "U4")
        XCTAssertEqual(try reportedCount("U4"), 1)
        XCTAssertThrowsError(try report("U5", "U3")) { XCTAssertEqual($0 as? DomainError, .notPartner) }
    }

    func testTheBanCountsOnlyReportersWhoStillHaveAnAccount() throws {
        for reporter in ["U1", "U2", "U3"] {
            try meet(reporter, "U4")
            try report(reporter, "U4")
        }
        XCTAssertEqual(try reportedCount("U4"), 3)
        let enter = EnterQueueUseCase(storage: storage, clock: clock)
        XCTAssertThrowsError(try enter(me: id("U4"), latitude: 37.5, longitude: 127, studies: [])) {
            XCTAssertEqual($0 as? DomainError, .reported)
        }
        try WithdrawUserUseCase(storage: storage, clock: StoppedClock(testNow))(me: id("U2"))
        XCTAssertEqual(try reportedCount("U4"), 2)
        XCTAssertNoThrow(try enter(me: id("U4"), latitude: 37.5, longitude: 127, studies: []))
    }

    func testTheRuleDecidesFromTheSnapshot() throws {
        let me = PartySnapshot(user: user("U1", "010-2000-0001"), entry: .stub("U1", at: here), current: nil, latest: nil)
        let other = PartySnapshot(user: user("U2", "010-2000-0002"), entry: .stub("U2", at: here), current: nil, latest: nil)
        let strangers = PairSnapshot(me: me, other: other, requestFromOther: false, iReported: false, otherReported: false)
        XCTAssertThrowsError(try MatchRules.report(strangers, reason: .rude, comment: nil)) { XCTAssertEqual($0 as? DomainError, .notPartner) }
        let past = MatchView(
            id: 1, partnerUID: id("U2"), partner: .init(uid: id("U2"), nick: try Nick("U2")), myEnding: .reviewed, partnerEnding: nil,
            iReviewed: true, isCurrent: false, startedAt: testNow)
        let partners = PairSnapshot(
            me: me, other: other, requestFromOther: false, iReported: false, otherReported: false, matchTogether: past)
        XCTAssertEqual(try MatchRules.report(partners, reason: .rude, comment: nil), .report(reason: .rude, comment: nil, barsFromQueue: false))
    }
}
