import SLPDomain
import XCTest

final class BirthDateTests: XCTestCase {
    let today = try! CalendarDate(year: 2026, month: 11, day: 21)

    func testExactlySeventeenTodayIsAccepted() throws {
        let birth = try BirthDate(try CalendarDate(year: 2009, month: 11, day: 21), today: today)
        XCTAssertEqual(birth.date.description, "2009-11-21")
        XCTAssertEqual(birth.age(on: today), 17)
        XCTAssertEqual(birth.description, "2009-11-21")
    }

    func testSeventeenTomorrowIsTooYoung() {
        let error = XCTAssertThrowsInvalid(
            try BirthDate(try CalendarDate(year: 2009, month: 11, day: 22), today: today), code: "too_young")
        XCTAssertInvalidMessage(error, "you must be at least 17 years old to register (age 16)")
    }

    func testBornTodayIsTooYoung() {
        XCTAssertThrowsInvalid(try BirthDate(today, today: today), code: "too_young")
    }

    func testFutureDateIsInvalidBirth() {
        let error = XCTAssertThrowsInvalid(
            try BirthDate(try CalendarDate(year: 2026, month: 11, day: 22), today: today), code: "invalid_birth")
        XCTAssertInvalidMessage(error, "a birth date cannot be in the future (2026-11-22)")
        XCTAssertThrowsInvalid(
            try BirthDate(try CalendarDate(year: 2100, month: 1, day: 1), today: today), code: "invalid_birth")
    }

    func testOldPeopleAreWelcome() throws {
        XCTAssertEqual(try BirthDate(try CalendarDate(year: 1930, month: 1, day: 1), today: today).age(on: today), 96)
    }

    func testStoredSkipsTheAgeRule() throws {
        let stored = BirthDate(stored: today)
        XCTAssertEqual(stored.date, today)
        XCTAssertEqual(stored.age(on: today), 0)
    }
}
