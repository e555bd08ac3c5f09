import XCTest

@testable import slp

/// `birth` as the apps send it: the same day in each of its three formats, and a refusal that
/// names all three, as docs/API.md does.
final class BirthParameterTests: XCTestCase {
    func testTheThreeFormatsAreTheSameDay() throws {
        for text in ["1993-12-31T15:00:00.000Z", "1994-01-01", "1994-01-01 00:00:00 +0000"] {
            XCTAssertEqual(try BirthParameter.day(text).description, "1994-01-01", text)
        }
    }

    func testAnUnreadableBirthNamesEveryFormat() {
        XCTAssertThrowsError(try BirthParameter.day("1994/01/01")) { error in
            XCTAssertEqual(
                (error as? Failure)?.message,
                "birth is not a date (yyyy-MM-dd, yyyy-MM-ddTHH:mm:ss.SSSZ or yyyy-MM-dd HH:mm:ss +0000)")
        }
    }
}
