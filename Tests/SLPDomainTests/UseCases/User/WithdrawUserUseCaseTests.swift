import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class WithdrawUserUseCaseTests: XCTestCase {
    private let me = User.stub(uid: "Me1", phone: "010-1111-1111")
    private let other = User.stub(uid: "Other2", phone: "010-2222-2222")
    private var database: InMemoryDatabase!
    private var storage: InMemoryStorage!
    private var withdraw: WithdrawUserUseCase!

    override func setUp() {
        database = InMemoryDatabase(users: [me, other])
        storage = InMemoryStorage(database)
        withdraw = WithdrawUserUseCase(storage: storage, clock: StoppedClock(testNow))
    }

    func testRemovesTheUserThenIsNotRegistered() throws {
        try withdraw(me: me.uid)
        XCTAssertNil(try database.stored(me.uid))
        XCTAssertNil(try database.inspect { try $0.user(phone: me.phone) })
        XCTAssertEqual(database.users, [other.uid: other])
        XCTAssertEqual(storage.transactions, ["write"])

        XCTAssertThrowsError(try withdraw(me: me.uid)) { error in
            let error = error as? DomainError
            XCTAssertEqual(error, .notRegistered)
        }
        XCTAssertEqual(database.users, [other.uid: other])
    }

    func testThePhoneCanRegisterAgainAfterWithdrawal() throws {
        let database = InMemoryDatabase()
        let storage = InMemoryStorage(database)
        let register = RegisterUserUseCase(storage: storage, clock: StoppedClock(year: 2026, month: 11, day: 21), ids: SequentialUserIDGenerator())
        let first = try register(.stub())
        try WithdrawUserUseCase(storage: storage, clock: StoppedClock(testNow))(me: first.uid)
        let second = try register(.stub())
        XCTAssertNotEqual(first.uid, second.uid)
        XCTAssertEqual(database.users, [second.uid: second])
    }

    func testMySanctionsStayWithMyNumberAndNothingElse() throws {
        let until = testNow.addingTimeInterval(60)
        try storage.write { transaction in
            var sanctioned = me
            sanctioned.dodgeCount = 3
            sanctioned.dodgePenaltyUntil = until
            try transaction.update(sanctioned)
            for reporter in ["R1", "R2", "R3"] {
                let user = User.stub(uid: reporter, phone: "010-9000-000\(reporter.last!)")
                _ = try transaction.insert(user)
                try transaction.insertReport(by: user.uid, of: me.uid, reason: .rude, comment: nil, at: testNow)
            }
        }
        try withdraw(me: me.uid)
        XCTAssertEqual(database.sanctions, [me.phone: Sanctions(reportBan: false, dodgePenaltyUntil: until, dodgeCount: 3)])
        XCTAssertEqual(Set(database.reports.map(\.to)), [.number(me.phone)], "the reports stay with my number, not a ban in their place")
        XCTAssertEqual(database.reports.map(\.carried), [true, true, true])
    }

    func testAnAccountUnderNoSanctionLeavesNothing() throws {
        try withdraw(me: me.uid)
        XCTAssertEqual(database.sanctions, [:])
    }

    func testMyPlaceRequestsAndEventsGoWithMeAndMyReportsStayWithMyNumber() throws {
        let clock = StoppedClock(testNow)
        try storage.write { transaction in
            try transaction.putInQueue(.stub("Me1", at: .at(37.5, 127)), of: me)
            try transaction.putInQueue(.stub("Other2", at: .at(37.5, 127)), of: other)
        }
        _ = try RequestStudyUseCase(storage: storage, clock: clock)(me: other.uid, other: me.uid)
        try storage.write { try $0.insertReport(by: me.uid, of: other.uid, reason: .rude, comment: "지각", at: testNow) }
        XCTAssertNotNil(database.events[me.uid])
        XCTAssertEqual(try database.stored(other.uid)?.reportedCount, 1)
        try withdraw(me: me.uid)
        XCTAssertNil(database.queue[me.uid])
        XCTAssertEqual(database.requests, [])
        XCTAssertEqual(database.reports, [ReportRow(from: .number(me.phone), to: .account(other.uid), reason: .rude, comment: nil, carried: true)])
        XCTAssertNil(database.events[me.uid])
        XCTAssertEqual(try database.stored(other.uid)?.reportedCount, 0, "the reports I made stop counting")
        XCTAssertNotNil(database.queue[other.uid])
    }

    func testMyPartnerKeepsOurConversation() throws {
        let match = try storage.write { try $0.insertMatch(me.uid, other.uid, at: testNow) }
        let sent = try SendMessageUseCase(storage: storage, clock: StoppedClock(testNow))(me: me.uid, text: "잘 가요")
        try withdraw(me: me.uid)
        let (conversation, messages) = try ReadMessagesUseCase(storage: storage)(me: other.uid, with: nil, page: .all)
        XCTAssertEqual(conversation.id, match)
        XCTAssertNil(conversation.partner)
        XCTAssertEqual(conversation.partnerUID, me.uid)
        XCTAssertFalse(conversation.isOpen)
        XCTAssertEqual(messages, [sent])
    }

    /// Withdrawing is no way out of a match: it is a dodge, told to the partner and penalised
    /// (1, 2, then 3 minutes, as `match dodge`), and the penalty stays with my number.
    func testWithdrawingWhileMatchedIsADodge() throws {
        try storage.write { transaction in
            var dodger = me
            dodger.dodgeCount = 1
            try transaction.update(dodger)
            _ = try transaction.insertMatch(me.uid, other.uid, at: testNow)
        }
        try withdraw(me: me.uid)
        XCTAssertEqual(database.sanctions, [me.phone: Sanctions(reportBan: false, dodgePenaltyUntil: testNow.addingTimeInterval(120), dodgeCount: 2)])
        XCTAssertEqual(database.eventKinds(of: other.uid), [.dodged(partner: MatchView.Partner(uid: me.uid, nick: me.nick))])
        XCTAssertEqual(try database.latestMatch(of: other.uid)?.partnerEnding, .dodged)
    }

    /// As with `match dodge`: a partner who has already left the match (dodged or reviewed)
    /// costs me nothing, and hears nothing more.
    func testWithdrawingFromAMatchMyPartnerLeftCostsNothing() throws {
        for leaving in ["dodge", "review"] {
            setUp()
            try storage.write { _ = try $0.insertMatch(me.uid, other.uid, at: testNow) }
            if leaving == "dodge" {
                _ = try DodgeMatchUseCase(storage: storage, clock: StoppedClock(testNow))(me: other.uid)
            } else {
                _ = try ReviewPartnerUseCase(storage: storage, clock: StoppedClock(testNow))(me: other.uid, partner: me.uid, titles: [.kind], comment: nil)
            }
            let otherEvents = database.eventKinds(of: other.uid)
            try withdraw(me: me.uid)
            XCTAssertEqual(database.sanctions, [:], leaving)
            XCTAssertEqual(database.eventKinds(of: other.uid), otherEvents, leaving)
        }
    }
}
