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

    func testRoundTripKeepsMilliseconds() throws {
        for milliseconds in [0, 1, 999, 1_795_253_400_123, -86_400_001] {
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
            XCTAssertEqual(Timestamp.parse(Timestamp.format(date)).map(Timestamp.format), Timestamp.format(date))
        }
    }
}
