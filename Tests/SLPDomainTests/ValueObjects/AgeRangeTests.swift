import SLPDomain
import XCTest

final class AgeRangeTests: XCTestCase {
    func testDefaultsToEveryAge() {
        XCTAssertEqual(AgeRange.all.min, 18)
        XCTAssertEqual(AgeRange.all.max, 65)
        XCTAssertEqual(AgeRange.limits, 18...65)
        XCTAssertEqual(AgeRange.all.description, "18–65")
    }

    func testAcceptsRangesWithinLimits() throws {
        XCTAssertEqual(try AgeRange(min: 18, max: 65), AgeRange.all)
        let single = try AgeRange(min: 30, max: 30)
        XCTAssertEqual([single.min, single.max], [30, 30])
    }

    func testRefusesOutOfLimitsAndInvertedRanges() {
        XCTAssertThrowsInvalid(try AgeRange(min: 17, max: 30), code: "invalid_age_range")
        XCTAssertThrowsInvalid(try AgeRange(min: 20, max: 66), code: "invalid_age_range")
        XCTAssertThrowsInvalid(try AgeRange(min: -1, max: 30), code: "invalid_age_range")
        let inverted = XCTAssertThrowsInvalid(try AgeRange(min: 30, max: 25), code: "invalid_age_range")
        XCTAssertInvalidMessage(inverted, "the minimum age 30 is above the maximum 25")
    }

    func testContains() throws {
        let range = try AgeRange(min: 20, max: 30)
        XCTAssertFalse(range.contains(19))
        XCTAssertTrue(range.contains(20))
        XCTAssertTrue(range.contains(30))
        XCTAssertFalse(range.contains(31))
    }
}
