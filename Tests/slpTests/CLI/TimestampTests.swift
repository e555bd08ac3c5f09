import Foundation
import XCTest

@testable import slp

final class TimestampTests: XCTestCase {
    func testFormatsUTCWithMilliseconds() {
        XCTAssertEqual(Timestamp.format(Date(timeIntervalSince1970: 1_795_253_400)), "2026-11-21T09:30:00.000Z")
        XCTAssertEqual(Timestamp.format(Date(timeIntervalSince1970: 1_795_253_400.007)), "2026-11-21T09:30:00.007Z")
        XCTAssertEqual(Timestamp.format(Date(timeIntervalSince1970: -0.001)), "1969-12-31T23:59:59.999Z")
        XCTAssertEqual(Timestamp.format(Date(timeIntervalSince1970: 951_782_400)), "2000-02-29T00:00:00.000Z")
    }

    func testParsesTheFormsPeopleWrite() throws {
        let expected = Date(timeIntervalSince1970: 1_795_253_400)
        XCTAssertEqual(Timestamp.parse("2026-11-21T09:30:00.000Z"), expected)
        XCTAssertEqual(Timestamp.parse("2026-11-21T09:30:00Z"), expected)
        XCTAssertEqual(Timestamp.parse("2026-11-21T18:30:00+09:00"), expected)
        XCTAssertEqual(Timestamp.parse("2026-11-21T09:30"), expected)
        XCTAssertEqual(Timestamp.parse("2026-11-21"), Date(timeIntervalSince1970: 1_795_219_200))
        for bad in ["", "yesterday", "2026-11-21T25:00:00Z", "2026-02-30", "2026-11-21T09:30:00+9"] {
            XCTAssertNil(Timestamp.parse(bad), bad)
        }
    }

    func testAcceptsEveryDocumentedForm() throws {
        let midnight = 1_795_219_200.0  // 2026-11-21T00:00:00Z
        let accepted: [(String, Double)] = [
            ("2026-11-21", midnight),
            ("2026-11-21T10:00", midnight + 36_000),
            ("2026-11-21 10:00", midnight + 36_000),
            ("2026-11-21T10:00:05", midnight + 36_005),
            ("2026-11-21T10:00:05.5", midnight + 36_005.5),
            ("2026-11-21T10:00:05.123456789", midnight + 36_005 + 0.123456789),
            ("2026-11-21T10:00Z", midnight + 36_000),
            ("2026-11-21T10:00z", midnight + 36_000),
            ("2026-11-21T10:00+09:00", midnight + 3_600),
            ("2026-11-21T10:00+0900", midnight + 3_600),
            ("2026-11-21T10:00-05:30", midnight + 36_000 + 19_800),
            ("2026-11-21T10:00:05.5+23:59", midnight + 36_005.5 - 86_340),
            ("0001-01-01", -62_135_596_800),
            ("9999-12-31T23:59:59.999Z", 253_402_300_799.999),
            ("2028-02-29", 1_835_395_200),
        ]
        for (text, seconds) in accepted {
            XCTAssertEqual(Timestamp.parse(text)?.timeIntervalSince1970, seconds, text)
        }
        // The fraction is read as a decimal would be: the same double as parsing `0.fff`.
        for digits in ["1", "5", "07", "123", "999", "000000001", "123456789", "999999999"] {
            let fraction = try XCTUnwrap(Double("0." + digits))
            XCTAssertEqual(Timestamp.parse("2026-11-21T00:00:00." + digits), Date(timeIntervalSince1970: midnight + fraction), digits)
        }
    }

    func testRejectsEverythingElseWithoutTrapping() {
        let rejected = [
            "", " ", "yesterday", "2026", "2026-11", "2026-11-21T", "2026-11-21T10", "2026-11-21T10:0", "2026-11-21T1:00",
            "2026-1-21", "26-11-21", "20261-11-21", "2026-11-211", "2026/11/21", "2026-11-21x", "2026-11-21Z",
            "2026-11-21+09:00", " 2026-11-21", "2026-11-21 ", "2026-11-21t10:00", "2026-11-21T10:00:", "2026-11-21T10:00:5",
            "2026-11-21T10:00:05.", "2026-11-21T10:00:05.1234567890", "2026-11-21T10:00.5", "2026-11-21T10:00:05,5",
            "2026-11-21T24:00", "2026-11-21T10:60", "2026-11-21T10:00:60", "2026-02-29", "2026-13-01", "2026-00-10",
            "0000-01-01", "2026-11-21T10:00+24:00", "2026-11-21T10:00+09:60", "2026-11-21T10:00+9", "2026-11-21T10:00+09:0",
            "2026-11-21T10:00+09::00", "2026-11-21T10:00+09:00Z", "2026-11-21T10:00ZZ", "2026-11-21T10:00 Z",
            "+2026-11-21", "-2026-11-21", "２０２６-１１-２１", "2026-11-21\n", "2026-11-21\u{0}",
            // Arabic-Indic and other Unicode digits, which `\d` matched and `Int(_:)` then refused.
            "٢٠٢٦-١١-٢١", "2026-11-21T10:00:00.٥", "2026-11-21T10:00+٠٩:٠٠", "2026-11-21T١٠:00", "۲۰۲۶-۱۱-۲۱",
            "2026-1\u{0661}-21", "2026-11-21T10:00:0\u{0665}",
            // A digit with a combining mark is one Character but not a digit byte.
            "2026-11-2\u{0301}1", "2026-11-21T10:00:00.5\u{0301}",
        ]
        for text in rejected {
            XCTAssertNil(Timestamp.parse(text), text.debugDescription)
        }
    }

    func testRoundTripKeepsMilliseconds() throws {
        for milliseconds in [0, 1, 999, 1_795_253_400_123, -86_400_001] {
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
            XCTAssertEqual(Timestamp.parse(Timestamp.format(date)).map(Timestamp.format), Timestamp.format(date))
        }
    }
}
