import XCTest

@testable import SLPTerminal

final class DisplayWidthTests: XCTestCase {
    func testASCIIHangulCJKAndFullWidthForms() {
        XCTAssertEqual(DisplayWidth.of("hello"), 5)
        XCTAssertEqual(DisplayWidth.of("안녕하세요"), 10)
        XCTAssertEqual(DisplayWidth.of("漢字かなカナ"), 12)
        XCTAssertEqual(DisplayWidth.of("ＡＢ"), 4, "full-width Latin")
        XCTAssertEqual(DisplayWidth.of("\u{3000}"), 2, "the ideographic space")
        XCTAssertEqual(DisplayWidth.of("swift 스터디"), 12)
    }

    func testMarksJoinTheirBaseAndControlsTakeNothing() {
        XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1, "a combining acute accent")
        XCTAssertEqual(DisplayWidth.of(Character("e\u{301}")), 1)
        // A syllable spelt with conjoining jamo is as wide as the precomposed one.
        XCTAssertEqual(DisplayWidth.of("\u{1100}\u{1161}\u{11A8}"), 2)
        XCTAssertEqual(DisplayWidth.of("\u{200B}"), 0, "zero width space")
        XCTAssertEqual(DisplayWidth.of("\u{1B}"), 0)
        XCTAssertEqual(DisplayWidth.of("\u{85}"), 0, "a C1 control")
    }

    func testEmojiAreTwoColumnsWhateverTheirSequence() {
        XCTAssertEqual(DisplayWidth.of("🌱"), 2)
        XCTAssertEqual(DisplayWidth.of("👩‍💻"), 2, "a ZWJ sequence is one glyph")
        XCTAssertEqual(DisplayWidth.of("🇰🇷"), 2, "a flag")
        XCTAssertEqual(DisplayWidth.of("👍🏽"), 2, "with a skin tone")
        XCTAssertEqual(DisplayWidth.of("\u{2764}\u{FE0F}"), 2, "emoji presentation of a text symbol")
        XCTAssertEqual(DisplayWidth.of("\u{2764}"), 1, "the same symbol as text")
    }

    func testTheMapsSymbolsAreOneColumn() {
        for symbol in ["◎", "●", "·", "─"] { XCTAssertEqual(DisplayWidth.of(symbol), 1, symbol) }
    }

    func testTheWideTableIsSortedAndDisjoint() {
        let ranges = EastAsianWide.ranges
        for (left, right) in zip(ranges, ranges.dropFirst()) {
            XCTAssertLessThan(left.upperBound, right.lowerBound, "\(left) before \(right)")
        }
        XCTAssertTrue(EastAsianWide.contains(0xAC00))
        XCTAssertTrue(EastAsianWide.contains(0xD7A3))
        XCTAssertFalse(EastAsianWide.contains(0xD7A4))
        XCTAssertTrue(EastAsianWide.contains(0x3FFFD))
        XCTAssertFalse(EastAsianWide.contains(0x41))
    }
}
