import SLPDomain
import XCTest

final class GenderTests: XCTestCase {
    func testParsesWordsNumbersAndAnyCase() throws {
        for raw in ["female", "FEMALE", "Female", "f", "F", "0"] {
            XCTAssertEqual(try Gender(raw), .female, raw)
        }
        for raw in ["male", "MALE", "Male", "m", "M", "1"] {
            XCTAssertEqual(try Gender(raw), .male, raw)
        }
    }

    func testSLPNumbers() {
        XCTAssertEqual(Gender.female.rawValue, 0)
        XCTAssertEqual(Gender.male.rawValue, 1)
        XCTAssertEqual(Gender(rawValue: 1), .male)
        XCTAssertNil(Gender(rawValue: 2))
    }

    func testDescription() {
        XCTAssertEqual(Gender.female.description, "female")
        XCTAssertEqual(Gender.male.description, "male")
    }

    func testRefusesAnythingElse() {
        for raw in ["", "2", "-1", "woman", "x", " male"] {
            XCTAssertNotNil(XCTAssertThrowsInvalid(try Gender(raw), code: "invalid_gender"), raw)
        }
    }
}
