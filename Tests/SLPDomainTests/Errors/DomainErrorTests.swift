import SLPDomain
import XCTest

final class DomainErrorTests: XCTestCase {
    func testCodeAndStatusOfEveryCase() {
        let invalid = DomainError.invalid(InvalidValue(code: "invalid_nick", message: "too long"))
        let table: [(DomainError, String, Int?)] = [
            (invalid, "invalid_nick", nil),
            (.notRegistered, "not_registered", 406),
            (.alreadyRegistered, "already_registered", 201),
            (.nickNotAllowed, "nick_not_allowed", 202),
            (.userNotFound, "user_not_found", nil),
            (.reported, "reported", 201),
            (.dodgePenalty(level: 1, secondsLeft: 60), "dodge_penalty", 203),
            (.dodgePenalty(level: 2, secondsLeft: 120), "dodge_penalty", 204),
            (.dodgePenalty(level: 3, secondsLeft: 180), "dodge_penalty", 205),
            (.alreadyMatched(status: 201), "already_matched", 201),
            (.alreadyMatched(status: 203), "already_matched", 203),
            (.otherNotSearching, "other_not_searching", 202),
            (.otherMatched, "other_matched", 201),
            (.noRequest, "no_request", nil),
            (.notSearching, "not_searching", nil),
            (.matchedNotSearching, "not_searching", nil),
            (.notPartner, "not_partner", 201),
            (.alreadyReviewed, "already_reviewed", nil),
            (.alreadyReported, "already_reported", 201),
            (.studyEnded, "study_ended", 201),
            (.notMatched, "not_matched", nil),
            (.itemNotOwned, "item_not_owned", 201),
            (.itemAlreadyOwned, "item_already_owned", nil),
        ]
        for (error, code, status) in table {
            XCTAssertEqual(error.code, code, "\(error)")
            XCTAssertEqual(error.status, status, "\(error)")
            XCTAssertEqual(error.isInvalidValue, code == "invalid_nick", "\(error)")
            XCTAssertFalse(error.message.isEmpty, "\(error)")
            XCTAssertFalse(error.message.contains("\n"), "\(error)")
        }
    }

    func testDodgePenaltyLevelIsClampedToTheThreeStatuses() {
        XCTAssertEqual(DomainError.dodgePenalty(level: 0, secondsLeft: 1).status, 203)
        XCTAssertEqual(DomainError.dodgePenalty(level: 7, secondsLeft: 1).status, 205)
    }

    func testMessages() {
        XCTAssertEqual(DomainError.dodgePenalty(level: 2, secondsLeft: 95).message, "dodge penalty (2): you can queue again in 95 s")
        XCTAssertEqual(DomainError.invalid(InvalidValue(code: "x", message: "why")).message, "why")
        XCTAssertEqual(DomainError.alreadyRegistered.message, "this phone number is already registered")
    }

    func testEqualityIncludesAssociatedValues() {
        XCTAssertNotEqual(DomainError.alreadyMatched(status: 201), .alreadyMatched(status: 203))
        XCTAssertNotEqual(
            DomainError.invalid(InvalidValue(code: "a", message: "m")), .invalid(InvalidValue(code: "b", message: "m")))
        XCTAssertEqual(DomainError.dodgePenalty(level: 1, secondsLeft: 5), .dodgePenalty(level: 1, secondsLeft: 5))
    }
}
