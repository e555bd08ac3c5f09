import SLPDomain
import XCTest

final class PhoneNumberTests: XCTestCase {
    func testTheThreeSpecFormatsNormaliseToE164() throws {
        for raw in ["010-1234-5678", "01012345678", "+821012345678"] {
            XCTAssertEqual(try PhoneNumber(raw).e164, "+821012345678", raw)
        }
    }

    func testSpacesDashesDotsAndSurroundingWhitespaceAreIgnored() throws {
        for raw in ["010 1234 5678", " 010-1234-5678 ", "010.1234.5678", "+82 10-1234-5678", "+82 010 1234 5678", "0 1 0-1234-5678"] {
            XCTAssertEqual(try PhoneNumber(raw).e164, "+821012345678", raw)
        }
    }

    func testEqualNumbersInDifferentFormatsAreEqual() throws {
        XCTAssertEqual(try PhoneNumber("010-1234-5678"), try PhoneNumber("+821012345678"))
        XCTAssertNotEqual(try PhoneNumber("010-1234-5678"), try PhoneNumber("010-1234-5679"))
    }

    func testLegacyCarriersWithSevenOrEightDigits() throws {
        XCTAssertEqual(try PhoneNumber("011-123-4567").e164, "+82111234567")
        XCTAssertEqual(try PhoneNumber("011-1234-5678").e164, "+821112345678")
        XCTAssertEqual(try PhoneNumber("016-123-4567").e164, "+82161234567")
        XCTAssertEqual(try PhoneNumber("019-9876-5432").e164, "+821998765432")
    }

    func testRejectsNonMobileAndMalformedNumbers() {
        let cases = [
            "02-1234-5678",      // Seoul landline
            "031-123-4567",      // regional landline
            "010-123-4567",      // 010 needs 8 digits after the prefix
            "010-1234-567",      // too short
            "010-1234-56789",    // too long
            "0101234567890",
            "012-1234-5678",     // no such carrier
            "010-abcd-5678",
            "010-1234-567O",     // letter O, not zero
            "",
            "   ",
            "+1 010 1234 5678",
            "+82",
            "１０１２３４５６７８",     // full-width digits
            "010-1234-5678\u{301}",  // a combining mark on the last digit
            "010-\u{301}1234-5678",  // on a dash: not a separator any more
        ]
        for raw in cases {
            let error = XCTAssertThrowsInvalid(try PhoneNumber(raw), code: "invalid_phone")
            XCTAssertNotNil(error, raw)
        }
    }

    func testInvalidMessageQuotesTheInputSafely() {
        let error = XCTAssertThrowsInvalid(try PhoneNumber("02-1234-5678"), code: "invalid_phone")
        XCTAssertInvalidMessage(error, "'02-1234-5678' is not a Korean mobile number (010-1234-5678)")
        let control = XCTAssertThrowsInvalid(try PhoneNumber("0\u{7}1"), code: "invalid_phone")
        XCTAssertInvalidMessage(control, "'0\u{FFFD}1' is not a Korean mobile number (010-1234-5678)")
    }

    func testNationalFormatting() throws {
        XCTAssertEqual(try PhoneNumber("+821012345678").national, "010-1234-5678")
        XCTAssertEqual(try PhoneNumber("01198765432").national, "011-9876-5432")
        XCTAssertEqual(try PhoneNumber("0161234567").national, "016-123-4567")
    }

    func testDescriptionIsE164() throws {
        XCTAssertEqual(try PhoneNumber("010-1234-5678").description, "+821012345678")
    }

    func testLooksLikePhone() {
        XCTAssertTrue(PhoneNumber.looksLikePhone("+821012345678"))
        XCTAssertTrue(PhoneNumber.looksLikePhone("010-1234-5678"))
        XCTAssertTrue(PhoneNumber.looksLikePhone("01012345678"))
        XCTAssertTrue(PhoneNumber.looksLikePhone("02-123"))
        XCTAssertFalse(PhoneNumber.looksLikePhone("U1"))
        XCTAssertFalse(PhoneNumber.looksLikePhone("aBcD1234efGh5678ijKl9012mnOp"))
        XCTAssertFalse(PhoneNumber.looksLikePhone("0123abc"))
        XCTAssertFalse(PhoneNumber.looksLikePhone("1012345678"))
    }
}
