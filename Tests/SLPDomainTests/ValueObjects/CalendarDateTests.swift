import Foundation
import SLPDomain
import XCTest

final class CalendarDateTests: XCTestCase {
    func testRealDaysAreAccepted() throws {
        let date = try CalendarDate(year: 2026, month: 11, day: 21)
        XCTAssertEqual(date.year, 2026)
        XCTAssertEqual(date.month, 11)
        XCTAssertEqual(date.day, 21)
        XCTAssertEqual(date.description, "2026-11-21")
        XCTAssertEqual(try CalendarDate(year: 7, month: 3, day: 4).description, "0007-03-04")
    }

    func testInvalidDaysAreRefused() {
        let cases: [(Int, Int, Int)] = [
            (2024, 2, 30), (2023, 2, 29), (1900, 2, 29), (2026, 4, 31), (2026, 13, 1), (2026, 0, 10),
            (2026, 1, 0), (2026, 1, 32), (0, 1, 1), (10_000, 1, 1), (-1, 1, 1),
        ]
        for (year, month, day) in cases {
            let error = XCTAssertThrowsInvalid(try CalendarDate(year: year, month: month, day: day), code: "invalid_date")
            XCTAssertNotNil(error, "\(year)-\(month)-\(day)")
        }
        let error = XCTAssertThrowsInvalid(try CalendarDate(year: 2023, month: 2, day: 29), code: "invalid_date")
        XCTAssertInvalidMessage(error, "2023-2-29 is not a calendar date")
    }

    func testLeapDays() throws {
        XCTAssertNoThrow(try CalendarDate(year: 2024, month: 2, day: 29))
        XCTAssertNoThrow(try CalendarDate(year: 2000, month: 2, day: 29))
        XCTAssertNoThrow(try CalendarDate(year: 1, month: 12, day: 31))
        XCTAssertNoThrow(try CalendarDate(year: 9999, month: 12, day: 31))
    }

    func testKnownDaysSinceEpoch() throws {
        XCTAssertEqual(try CalendarDate(year: 1970, month: 1, day: 1).daysSinceEpoch, 0)
        XCTAssertEqual(try CalendarDate(year: 1969, month: 12, day: 31).daysSinceEpoch, -1)
        XCTAssertEqual(try CalendarDate(year: 2000, month: 3, day: 1).daysSinceEpoch, 11_017)
        XCTAssertEqual(try CalendarDate(year: 2026, month: 11, day: 21).daysSinceEpoch, 20_778)
        XCTAssertEqual(try CalendarDate(year: 1, month: 1, day: 1).daysSinceEpoch, -719_162)
    }

    func testUTCDayOfRoundTripsWithDaysSinceEpochAndMatchesFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try XCTUnwrap(TimeZone(identifier: "UTC"))
        // From before 1900 to after 2100, every 7th day, plus the edges of the day.
        for days in stride(from: -30_000, through: 60_000, by: 7) {
            let start = Date(timeIntervalSince1970: TimeInterval(days) * 86_400)
            for offset in [0.0, 0.001, 43_200, 86_399.999] {
                let date = CalendarDate(utcDayOf: start.addingTimeInterval(offset))
                XCTAssertEqual(date.daysSinceEpoch, days, "day \(days) + \(offset) s")
                if offset == 0 {
                    XCTAssertEqual(date.startOfDayUTC, start)
                    let parts = calendar.dateComponents([.year, .month, .day], from: start)
                    XCTAssertEqual([date.year, date.month, date.day], [parts.year, parts.month, parts.day], "day \(days)")
                    XCTAssertEqual(try CalendarDate(year: date.year, month: date.month, day: date.day), date)
                }
            }
        }
    }

    func testUTCDayOfJustBeforeTheEpoch() {
        XCTAssertEqual(CalendarDate(utcDayOf: Date(timeIntervalSince1970: -0.001)).description, "1969-12-31")
        XCTAssertEqual(CalendarDate(utcDayOf: Date(timeIntervalSince1970: -86_400)).description, "1969-12-31")
        XCTAssertEqual(CalendarDate(utcDayOf: Date(timeIntervalSince1970: -86_400.001)).description, "1969-12-30")
        XCTAssertEqual(CalendarDate(utcDayOf: Date(timeIntervalSince1970: 0)).description, "1970-01-01")
    }

    func testFullYears() throws {
        let birth = try CalendarDate(year: 2000, month: 5, day: 10)
        XCTAssertEqual(birth.fullYears(until: try CalendarDate(year: 2017, month: 5, day: 10)), 17)
        XCTAssertEqual(birth.fullYears(until: try CalendarDate(year: 2017, month: 5, day: 9)), 16)
        XCTAssertEqual(birth.fullYears(until: try CalendarDate(year: 2017, month: 4, day: 30)), 16)
        XCTAssertEqual(birth.fullYears(until: try CalendarDate(year: 2017, month: 6, day: 1)), 17)
        XCTAssertEqual(birth.fullYears(until: birth), 0)
    }

    func testLeapDayBirthdayCountsOnFirstMarch() throws {
        let birth = try CalendarDate(year: 2000, month: 2, day: 29)
        XCTAssertEqual(birth.fullYears(until: try CalendarDate(year: 2017, month: 2, day: 28)), 16)
        XCTAssertEqual(birth.fullYears(until: try CalendarDate(year: 2017, month: 3, day: 1)), 17)
        XCTAssertEqual(birth.fullYears(until: try CalendarDate(year: 2016, month: 2, day: 29)), 16)
    }

    func testOrdering() throws {
        let a = try CalendarDate(year: 2025, month: 12, day: 31)
        let b = try CalendarDate(year: 2026, month: 1, day: 1)
        let c = try CalendarDate(year: 2026, month: 1, day: 2)
        XCTAssertLessThan(a, b)
        XCTAssertLessThan(b, c)
        XCTAssertEqual([c, a, b].sorted(), [a, b, c])
    }
}
