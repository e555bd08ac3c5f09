import SLPDomain
import XCTest

final class ReportReasonTests: XCTestCase {
    func testParsesEveryReasonInAnyCase() throws {
        XCTAssertEqual(try ReportReason("no-show"), .noShow)
        XCTAssertEqual(try ReportReason("RUDE"), .rude)
        XCTAssertEqual(ReportReason.allCases.map(\.description), ["illegal", "rude", "no-show", "obscene", "abuse", "other"])
    }

    func testRefusesUnknownReasons() {
        let error = XCTAssertThrowsInvalid(try ReportReason("noshow"), code: "invalid_reason")
        XCTAssertInvalidMessage(error, "a report reason is one of illegal, rude, no-show, obscene, abuse, other")
    }
}
