import SLPDomain
import XCTest

@testable import slp

/// The one table of SLP's statuses: each refusal's number as SLP's clients knew it, none where
/// SLP had none, and accept's own number for being matched already.
final class SLPStatusTests: XCTestCase {
    func testEveryRefusalsStatus() {
        let table: [(DomainError, Int?)] = [
            (.invalid(InvalidValue(code: "invalid_nick", message: "too long")), nil),
            (.notRegistered, 406), (.alreadyRegistered, 201), (.nickNotAllowed, 202), (.userNotFound, nil), (.reported, 201),
            (.dodgePenalty(level: 1, secondsLeft: 60), 203), (.dodgePenalty(level: 2, secondsLeft: 120), 204),
            (.dodgePenalty(level: 3, secondsLeft: 180), 205), (.alreadyMatched, 201), (.otherNotSearching, 202), (.otherMatched, 201),
            (.noRequest, nil), (.notSearching, nil), (.matchedNotSearching, nil), (.notPartner, 201), (.alreadyReviewed, nil),
            (.alreadyReported, 201), (.studyEnded, 201), (.notMatched, nil), (.itemNotOwned, 201), (.itemAlreadyOwned, nil),
        ]
        for (error, status) in table { XCTAssertEqual(SLPStatus.of(error), status, "\(error)") }
    }

    func testAcceptNumbersBeingMatchedAlready203AndNothingElseDifferently() {
        XCTAssertEqual(SLPStatus.of(.alreadyMatched, during: .accept), 203)
        XCTAssertEqual(SLPStatus.of(.otherMatched, during: .accept), 201)
        XCTAssertEqual(SLPStatus.of(.otherNotSearching, during: .accept), 202)
    }

    func testADodgePenaltysLevelIsClampedToTheThreeStatuses() {
        XCTAssertEqual(SLPStatus.of(.dodgePenalty(level: 0, secondsLeft: 1)), 203)
        XCTAssertEqual(SLPStatus.of(.dodgePenalty(level: 7, secondsLeft: 1)), 205)
    }

    func testAFailureCarriesTheTablesStatus() {
        XCTAssertEqual(Failure(DomainError.alreadyMatched).status, 201)
        XCTAssertEqual(Failure(DomainError.alreadyMatched, during: .accept).status, 203)
        XCTAssertEqual(Failure(DomainError.alreadyMatched, during: .accept).exitCode, .refused)
    }
}
