import SLPDomain
import SLPTestSupport
import XCTest

final class ShowUserUseCaseTests: XCTestCase {
    private var database: InMemoryDatabase!
    private var users: InMemoryUserRepository!
    private var show: ShowUserUseCase!
    private var me: User!
    private var other: User!

    override func setUpWithError() throws {
        me = User.stub(uid: "Me1", phone: "010-1111-1111", nick: "me")
        other = User.stub(uid: "Other2", phone: "010-2222-2222", nick: "other", gender: .male, study: "swift", comments: ["kind"])
        database = InMemoryDatabase(users: [me, other])
        users = InMemoryUserRepository(database)
        show = ShowUserUseCase(users: users)
    }

    func testNoTargetOrMyOwnUIDShowsMyWholeRecord() throws {
        XCTAssertEqual(try show(me: me, target: nil), .mine(MyRecord(newUser: me)))
        XCTAssertEqual(try show(me: me, target: me.uid), .mine(MyRecord(newUser: me)))
    }

    func testMyRecordListsWhomIReviewedAndReportedLeavingOutWithdrawnUsers() throws {
        let third = User.stub(uid: "Third3", phone: "010-3333-3333", nick: "third")
        try users.add(third)
        // I reviewed other in two matches and third in one; other reviewed me.
        func review(_ match: Int64, by reviewers: [UserID], ending: [UserID]) {
            let index = Int(match - 1)
            for (member, row) in database.matches[index].members.enumerated() where reviewers.contains(row.user) {
                database.matches[index].members[member].reviewedPartner = true
            }
            for uid in ending { database.end(match, by: uid, .reviewed, at: testNow) }
        }
        review(database.startMatch(me.uid, other.uid, at: testNow), by: [me.uid, other.uid], ending: [me.uid, other.uid])
        review(database.startMatch(third.uid, me.uid, at: testNow), by: [me.uid], ending: [me.uid, third.uid])
        review(database.startMatch(me.uid, other.uid, at: testNow), by: [me.uid], ending: [me.uid])
        database.reports = [
            ReportRow(from: me.uid, to: third.uid, reason: .rude, comment: nil),
            ReportRow(from: other.uid, to: me.uid, reason: .noShow, comment: nil),
            ReportRow(from: me.uid, to: other.uid, reason: .other, comment: "late"),
        ]
        XCTAssertEqual(
            try show.record(of: me.uid),
            MyRecord(user: me, reviewed: [other.uid, third.uid], reported: [third.uid, other.uid]))
        XCTAssertEqual(try show.record(of: other.uid), MyRecord(user: other, reviewed: [me.uid], reported: [me.uid]))

        XCTAssertTrue(try users.remove(uid: third.uid))
        XCTAssertEqual(try show.record(of: me.uid), MyRecord(user: me, reviewed: [other.uid], reported: [other.uid]))
        XCTAssertThrowsError(try show.record(of: third.uid)) { XCTAssertEqual($0 as? DomainError, .notRegistered) }
    }

    func testAnotherUserShowsTheirPublicProfileOnly() throws {
        let view = try show(me: me, target: other.uid)
        XCTAssertEqual(view, .other(other.publicProfile))
        guard case .other(let profile) = view else { return XCTFail("expected a public profile") }
        XCTAssertEqual(profile.nick.value, "other")
        XCTAssertEqual(profile.comments, ["kind"])
    }

    func testUnknownUserIsUserNotFound() throws {
        XCTAssertThrowsError(try show(me: me, target: try UserID("Nobody"))) { error in
            let error = error as? DomainError
            XCTAssertEqual(error, .userNotFound)
            XCTAssertEqual(error?.code, "user_not_found")
            XCTAssertNil(error?.status)
        }
    }
}
