import SLPDomain
import XCTest

final class UserReferenceTests: XCTestCase {
    func testLettersAndDigitsAreAUID() throws {
        XCTAssertEqual(UserReference("Alice1"), .uid(try UserID("Alice1")))
        XCTAssertEqual(UserReference("  Bob2\t"), .uid(try UserID("Bob2")), "surrounding whitespace is trimmed")
        XCTAssertEqual(UserReference("x"), .uid(try UserID("x")))
        let long = String(repeating: "a", count: 64)
        XCTAssertEqual(UserReference(long), .uid(try UserID(long)))
        // Digits that do not start like a mobile number are a uid too.
        XCTAssertEqual(UserReference("123456"), .uid(try UserID("123456")))
    }

    func testAPhoneNumberInAnySpecFormatIsAPhone() throws {
        let phone = try PhoneNumber("010-1234-5678")
        for text in ["010-1234-5678", "01012345678", "+821012345678", "+82 10-1234-5678", "010 1234 5678", "010.1234.5678", " 010-1234-5678 "] {
            XCTAssertEqual(UserReference(text), .phone(phone), text)
        }
    }

    func testNothingOrWhatNamesNobodyIsNil() {
        let texts: [String?] = [
            nil, "", "   ", "\n", "a b", "새싹", String(repeating: "a", count: 65), "abc-def", "010-12", "+82", "02-1234-5678", "01012", "user!",
        ]
        for text in texts {
            XCTAssertNil(UserReference(text), String(describing: text))
        }
    }
}
