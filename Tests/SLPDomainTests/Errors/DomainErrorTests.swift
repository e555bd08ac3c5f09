import SLPDomain
import XCTest

final class DomainErrorTests: XCTestCase {
    func testCodeOfEveryCase() {
        let invalid = DomainError.invalid(InvalidValue(code: "invalid_nick", message: "too long"))
        let table: [(DomainError, String)] = [
            (invalid, "invalid_nick"),
            (.notRegistered, "not_registered"),
            (.alreadyRegistered, "already_registered"),
            (.nickNotAllowed, "nick_not_allowed"),
            (.userNotFound, "user_not_found"),
            (.reported, "reported"),
            (.dodgePenalty(level: 1, secondsLeft: 60), "dodge_penalty"),
            (.alreadyMatched, "already_matched"),
            (.otherNotSearching, "other_not_searching"),
            (.otherMatched, "other_matched"),
            (.noRequest, "no_request"),
            (.notSearching, "not_searching"),
            (.matchedNotSearching, "not_searching"),
            (.notPartner, "not_partner"),
            (.alreadyReviewed, "already_reviewed"),
            (.alreadyReported, "already_reported"),
            (.studyEnded, "study_ended"),
            (.notMatched, "not_matched"),
            (.itemNotOwned, "item_not_owned"),
            (.itemAlreadyOwned, "item_already_owned"),
        ]
        for (error, code) in table {
            XCTAssertEqual(error.code, code, "\(error)")
            XCTAssertEqual(error.isInvalidValue, code == "invalid_nick", "\(error)")
            XCTAssertFalse(error.message.isEmpty, "\(error)")
            XCTAssertFalse(error.message.contains("\n"), "\(error)")
        }
    }

    func testMessages() {
        XCTAssertEqual(DomainError.dodgePenalty(level: 2, secondsLeft: 95).message, "dodge penalty (2): you can queue again in 95 s")
        XCTAssertEqual(DomainError.invalid(InvalidValue(code: "x", message: "why")).message, "why")
        XCTAssertEqual(DomainError.alreadyRegistered.message, "this phone number is already registered")
    }

    func testEqualityIncludesAssociatedValues() {
        XCTAssertNotEqual(
            DomainError.invalid(InvalidValue(code: "a", message: "m")), .invalid(InvalidValue(code: "b", message: "m")))
        XCTAssertEqual(DomainError.dodgePenalty(level: 1, secondsLeft: 5), .dodgePenalty(level: 1, secondsLeft: 5))
    }
}
