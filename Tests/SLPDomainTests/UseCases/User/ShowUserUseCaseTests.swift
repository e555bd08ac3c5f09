import SLPDomain
import SLPTestSupport
import XCTest

final class ShowUserUseCaseTests: XCTestCase {
    private var database: InMemoryDatabase!
    private var storage: InMemoryStorage!
    private var show: ShowUserUseCase!
    private var me: User!
    private var other: User!

    override func setUpWithError() throws {
        me = User.stub(uid: "Me1", phone: "010-1111-1111", nick: "me")
        other = User.stub(uid: "Other2", phone: "010-2222-2222", nick: "other", gender: .male, study: "swift", comments: ["kind"])
        database = InMemoryDatabase(users: [me, other])
        storage = InMemoryStorage(database)
        show = ShowUserUseCase(storage: storage)
    }

    func testNoTargetOrMyOwnUIDShowsMyWholeRecord() throws {
        XCTAssertEqual(try show(me: me.uid, target: nil), .mine(MyRecord(newUser: me)))
        XCTAssertEqual(try show(me: me.uid, target: me.uid), .mine(MyRecord(newUser: me)))
    }

    func testMyRecordListsWhomIReviewedAndReportedLeavingOutWithdrawnUsers() throws {
        let third = User.stub(uid: "Third3", phone: "010-3333-3333", nick: "third")
        // I reviewed other in two matches and third in one; other reviewed me. Plain storage operations.
        try storage.write { transaction in
            XCTAssertTrue(try transaction.insert(third))
            func review(_ a: UserID, _ b: UserID, by reviewers: [UserID], ending: [UserID]) throws {
                let match = try transaction.insertMatch(a, b, at: testNow)
                for uid in reviewers { try transaction.markReviewed(match, by: uid) }
                for uid in ending { try transaction.end(match, for: uid, .reviewed, at: testNow) }
            }
            try review(me.uid, other.uid, by: [me.uid, other.uid], ending: [me.uid, other.uid])
            try review(third.uid, me.uid, by: [me.uid], ending: [me.uid, third.uid])
            try review(me.uid, other.uid, by: [me.uid], ending: [me.uid])
            try transaction.insertReport(by: me.uid, of: third.uid, reason: .rude, comment: nil, at: testNow)
            try transaction.insertReport(by: other.uid, of: me.uid, reason: .noShow, comment: nil, at: testNow)
            try transaction.insertReport(by: me.uid, of: other.uid, reason: .other, comment: "late", at: testNow)
        }
        me.reportedCount = 1
        other.reportedCount = 1
        XCTAssertEqual(
            try show.record(of: me.uid),
            MyRecord(user: me, reviewed: [other.uid, third.uid], reported: [third.uid, other.uid]))
        XCTAssertEqual(try show.record(of: other.uid), MyRecord(user: other, reviewed: [me.uid], reported: [me.uid]))

        try WithdrawUserUseCase(storage: storage, clock: StoppedClock(testNow))(me: third.uid)
        XCTAssertEqual(try show.record(of: me.uid), MyRecord(user: me, reviewed: [other.uid], reported: [other.uid]))
        XCTAssertThrowsError(try show.record(of: third.uid)) { XCTAssertEqual($0 as? DomainError, .notRegistered) }
    }

    func testAnotherUserShowsTheirPublicProfileOnly() throws {
        let view = try show(me: me.uid, target: other.uid)
        XCTAssertEqual(view, .other(other.publicProfile))
        guard case .other(let profile) = view else { return XCTFail("expected a public profile") }
        XCTAssertEqual(profile.nick.value, "other")
        XCTAssertEqual(profile.comments, ["kind"])
    }

    func testAnUnknownActingUserIsNotRegisteredWhateverTheTarget() throws {
        for target in [nil, other.uid] as [UserID?] {
            XCTAssertThrowsError(try show(me: try UserID("Ghost1"), target: target)) { XCTAssertEqual($0 as? DomainError, .notRegistered) }
        }
    }

    func testUnknownUserIsUserNotFound() throws {
        XCTAssertThrowsError(try show(me: me.uid, target: try UserID("Nobody"))) { error in
            let error = error as? DomainError
            XCTAssertEqual(error, .userNotFound)
            XCTAssertEqual(error?.code, "user_not_found")
        }
    }

    func testMyRecordIsReadInOneReadTransaction() throws {
        XCTAssertEqual(try storage.transactions(during: { _ = try show.record(of: me.uid) }), ["read"])
        XCTAssertEqual(try storage.transactions(during: { _ = try show(me: me.uid, target: nil) }), ["read"])
        XCTAssertEqual(try storage.transactions(during: { _ = try show(me: me.uid, target: other.uid) }), ["read"])
    }

    func testMyRecordIsAsStoredNowNotAsTheCallerHeldIt() throws {
        let stale = me!
        _ = try UpdateMyPageUseCase(storage: storage)(me: me.uid, MyPageChanges(searchable: false))
        guard case .mine(let record) = try show(me: stale.uid, target: nil) else { return XCTFail("expected my record") }
        XCTAssertFalse(record.user.searchable)
    }

    func testMyReportCountIsCountedButNotWhoReportedMe() throws {
        try storage.write { try $0.insertReport(by: me.uid, of: other.uid, reason: .rude, comment: nil, at: testNow) }
        guard case .mine(let record) = try show(me: other.uid, target: nil) else { return XCTFail("expected their record") }
        XCTAssertEqual(record.user.reportedCount, 1)
        XCTAssertEqual(record.reported, [])
    }
}
