import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// Sanctions stay with the phone number on every backend: kept when an account withdraws,
/// found again by the same number only, and taken up by its next registration.
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

    func testWithdrawingAndRegisteringAgainKeepsTheBanThePenaltyAndTheCount() {
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
            try WithdrawUserUseCase(storage: storage)(me: barred.uid)
            let again = try register(.stub(phone: "+821070000001", nick: "다시"))
            XCTAssertNotEqual(again.uid, barred.uid)
            XCTAssertEqual(try read { try $0.user(again.uid) }, again)
            XCTAssertEqual([again.reportedCount, again.dodgeCount], [0, 2], "the reports went with the account; the count stays")
            XCTAssertTrue(again.reportBanCarried)
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
            try WithdrawUserUseCase(storage: storage)(me: user.uid)
            XCTAssertNil(try write { try $0.sanctions(of: user.phone) })
        }
    }
}
