import XCTest

import SLPDomain
@testable import SLPCommandLine
@testable import slp

final class ValueSyntaxTests: XCTestCase {
    func testDecimalsAcceptPlainNumbersOnly() throws {
        XCTAssertEqual(try ValueSyntax.decimal("-33.87", option: "--lat"), -33.87)
        XCTAssertEqual(try ValueSyntax.decimal("1e2", option: "--lat"), 100)
        XCTAssertEqual(try ValueSyntax.decimal(".5", option: "--lat"), 0.5)
        for bad in ["nan", "NaN", "inf", "-inf", "1e400", "0x1p3", "", " 1", "1,5", "--1", "1.2.3"] {
            XCTAssertThrowsError(try ValueSyntax.decimal(bad, option: "--lat"), bad) { error in
                XCTAssertEqual((error as? UsageError)?.code, "invalid_value")
            }
        }
    }

    func testIntegers() throws {
        XCTAssertEqual(try ValueSyntax.integer("18", option: "--age-min"), 18)
        XCTAssertEqual(try ValueSyntax.integer("-3", option: "--age-min"), -3)
        for bad in ["", "1.0", "0x10", "99999999999999999999", "１８", "nan"] {
            XCTAssertThrowsError(try ValueSyntax.integer(bad, option: "--age-min"), bad)
        }
    }

    func testDates() throws {
        XCTAssertEqual(try ValueSyntax.date("2000-02-29", option: "--birth", making: CalendarDate.init(year:month:day:)).description, "2000-02-29")
        for bad in ["2001-02-29", "2000-2-29", "20000229", "2000-13-01", "", "2000-02-29T00:00"] {
            XCTAssertThrowsError(try ValueSyntax.date(bad, option: "--birth", making: CalendarDate.init(year:month:day:)), bad) { error in
                XCTAssertTrue((error as? UsageError)?.message.hasPrefix("--birth: ") ?? false)
            }
        }
    }

    func testPrintableIsOneShortLine() {
        XCTAssertEqual(ValueSyntax.printable("a\nb\r\u{7}\u{85}\u{2028}\u{2029}c"), "a\u{FFFD}b\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}c")
        XCTAssertEqual(ValueSyntax.printable(String(repeating: "가", count: 40)), String(repeating: "가", count: 40))
        XCTAssertEqual(ValueSyntax.printable(String(repeating: "가", count: 41)), String(repeating: "가", count: 40) + "…")
        XCTAssertEqual(ValueSyntax.printable(String(repeating: "e\u{301}", count: 41)), String(repeating: "e\u{301}", count: 40) + "…")
        // One character with 10,000 combining marks: cut at 160 scalars.
        let zalgo = "a" + String(repeating: "\u{301}", count: 10_000)
        XCTAssertEqual(ValueSyntax.printable(zalgo), "a" + String(repeating: "\u{301}", count: 159) + "…")
        XCTAssertEqual(ValueSyntax.printable(""), "")
    }

    func testToggle() throws {
        XCTAssertTrue(try ValueSyntax.toggle("on", option: "--searchable"))
        XCTAssertFalse(try ValueSyntax.toggle("OFF", option: "--searchable"))
        XCTAssertThrowsError(try ValueSyntax.toggle("maybe", option: "--searchable"))
    }
}
