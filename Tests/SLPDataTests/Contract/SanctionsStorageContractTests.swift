import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// Sanctions and reports stay with the phone number on every backend: kept when an account
/// withdraws, found again by the same number only, and taken up by its next registration.
final class SanctionsStorageContractTests: StorageContractTestCase {
    private let first = try! PhoneNumber("010-7000-0001")
    private let second = try! PhoneNumber("010-7000-0002")

    func testSanctionsAreKeptReplacedAndForgottenByNumber() {
        forEachBackend {
            XCTAssertNil(try write { try $0.sanctions(of: self.first) }, "nothing kept before the first")
            let banned = Sanctions(reportBan: true, dodgePenaltyUntil: now, dodgeCount: 2)
            try write { try $0.keepSanctions(banned, of: self.first) }
            XCTAssertEqual(try write { try $0.sanctions(of: self.first) }, banned)
            XCTAssertNil(try write { try $0.sanctions(of: self.second) }, "another number has none")
            let counted = Sanctions(reportBan: false, dodgePenaltyUntil: nil, dodgeCount: 1)
            try write { try $0.keepSanctions(counted, of: self.first) }
            XCTAssertEqual(try write { try $0.sanctions(of: self.first) }, counted)
            try write { try $0.keepSanctions(nil, of: self.first) }
            XCTAssertNil(try write { try $0.sanctions(of: self.first) })
        }
    }

    func testWithdrawingAndRegisteringAgainKeepsTheReportsThePenaltyAndTheCount() {
        forEachBackend {
            let register = RegisterUserUseCase(storage: storage, clock: clock(), ids: SequentialUserIDGenerator())
            let barred = try register(.stub(phone: "010-7000-0001"))
            for reporter in ["R1", "R2", "R3"] {
                let user = try self.register(reporter)
                try write { try $0.insertReport(by: user.uid, of: barred.uid, reason: .abuse, comment: nil, at: now) }
            }
            let penaltyEnd = now.addingTimeInterval(120)
            try change(barred.uid.rawValue) {
                $0.dodgeCount = 2
                $0.dodgePenaltyUntil = penaltyEnd
                $0.comments = ["좋아요"]
            }
            try WithdrawUserUseCase(storage: storage, clock: clock())(me: barred.uid)
            let again = try register(.stub(phone: "+821070000001", nick: "다시"))
            XCTAssertNotEqual(again.uid, barred.uid)
            XCTAssertEqual(try read { try $0.user(again.uid) }, again)
            XCTAssertEqual([again.reportedCount, again.dodgeCount], [3, 2], "the reports and the dodge count stay with the number")
            XCTAssertFalse(again.reportBanCarried, "the reports themselves bar, not a ban kept in their place")
            XCTAssertTrue(again.isBarredByReports)
            XCTAssertEqual(again.dodgePenaltyUntil, penaltyEnd)
            XCTAssertEqual(again.comments, [], "reviews go")
            XCTAssertEqual(try read { try $0.penaltyNoticeDue(of: again.uid) }, penaltyEnd, "the penalty's end is told again")
            XCTAssertNil(try write { try $0.sanctions(of: self.first) }, "taken up: nothing left under the number")
            XCTAssertThrowsError(try enter(again.uid.rawValue, at: here)) { XCTAssertEqual($0 as? DomainError, .reported) }
        }
    }

    func testAnAccountWithNothingAgainstItLeavesNothing() {
        forEachBackend {
            let user = try register("Clean1")
            try WithdrawUserUseCase(storage: storage, clock: clock())(me: user.uid)
            XCTAssertNil(try write { try $0.sanctions(of: user.phone) })
        }
    }

    /// A report between two numbers: it names an account while its side has one, counts while
    /// its reporter has one, and lists in the reporter's record only while neither side has
    /// withdrawn since; both sides may withdraw and come back, in any order.
    func testReportsStayWithBothNumbersAndCountWhileTheReporterHasAnAccount() {
        forEachBackend {
            let a = try register("A1"), b = try register("B1"), c = try register("C1")
            try write { transaction in
                for (reporter, reported) in [(a, b), (c, b), (b, a)] {
                    try transaction.insertReport(by: reporter.uid, of: reported.uid, reason: .rude, comment: "x", at: now)
                }
            }
            XCTAssertFalse(try write { try $0.takeUpReports(of: b.phone, for: b.uid) }, "nothing kept yet")
            try leave(b)
            XCTAssertEqual(try read { try $0.user(a.uid) }?.reportedCount, 0, "the report of someone without an account does not count")
            XCTAssertEqual(try read { try $0.reportedUsers(by: a.uid) }, [])

            let b2 = try comeBack(b, as: "B2")
            XCTAssertEqual(try read { try $0.user(b2.uid) }?.reportedCount, 2)
            XCTAssertEqual(Set(try read { try $0.reporters(of: b2.uid) }), [a.uid, c.uid])
            XCTAssertEqual(try read { try $0.user(a.uid) }?.reportedCount, 1, "and the number's own report counts again")
            XCTAssertEqual(try read { try $0.reportedUsers(by: a.uid) }, [b2.uid])
            XCTAssertEqual(try read { try $0.reportedUsers(by: b2.uid) }, [a.uid])
            for uid in [a.uid, b2.uid, c.uid] {
                XCTAssertEqual(try read { try $0.reportedUsers(byAccount: uid) }, [], "no record lists a report carried across accounts")
            }

            try leave(b2)
            try leave(a)
            let a2 = try comeBack(a, as: "A2")
            XCTAssertEqual(try read { try $0.user(a2.uid) }?.reportedCount, 0, "its reporter has no account")
            let b3 = try comeBack(b, as: "B3")
            XCTAssertEqual(try read { try $0.user(b3.uid) }?.reportedCount, 2)
            XCTAssertEqual(try read { try $0.user(a2.uid) }?.reportedCount, 1)
            XCTAssertEqual(try read { try $0.reportedUsers(by: a2.uid) }, [b3.uid])
            XCTAssertEqual(try read { try $0.reportedUsers(by: c.uid) }, [b3.uid])
        }
    }

    func testAReportBetweenAccountsListsInTheRecordOfItsReporter() {
        forEachBackend {
            let a = try register("A1"), b = try register("B1")
            try write { try $0.insertReport(by: a.uid, of: b.uid, reason: .rude, comment: nil, at: now) }
            XCTAssertEqual(try read { try $0.reportedUsers(byAccount: a.uid) }, [b.uid])
            XCTAssertEqual(try read { try $0.reportedUsers(byAccount: b.uid) }, [])
        }
    }

    /// `user` withdraws as the use case does: their reports kept, then their account gone.
    private func leave(_ user: User) throws {
        try write { transaction in
            try transaction.keepReports(of: user.uid)
            XCTAssertTrue(try transaction.delete(user.uid))
        }
    }

    /// A new account `uid` of the number of `user`, with the reports kept for it.
    private func comeBack(_ user: User, as uid: String) throws -> User {
        let again = User(
            uid: id(uid), phone: user.phone, email: user.email, nick: user.nick, birth: user.birth, gender: user.gender,
            createdAt: user.createdAt)
        try write { transaction in
            XCTAssertTrue(try transaction.insert(again))
            XCTAssertTrue(try transaction.takeUpReports(of: user.phone, for: again.uid))
        }
        return again
    }
}
