import XCTest

@testable import SLPTerminal

final class TerminalTextTests: XCTestCase {
    func testEscapesAndControlsCannotReachTheTerminal() {
        XCTAssertEqual(TerminalText.sanitized("hi\u{1B}[2Jthere\u{7}"), "hi\u{FFFD}[2Jthere\u{FFFD}")
        XCTAssertEqual(TerminalText.sanitized("a\tb\r\nc"), "a b\u{FFFD}\u{FFFD}c")
        XCTAssertEqual(TerminalText.sanitized("a\nb", keepingNewlines: true), "a\nb")
        XCTAssertEqual(TerminalText.sanitized("\u{9B}31m"), "\u{FFFD}31m", "the one-byte CSI")
        XCTAssertEqual(TerminalText.sanitized("안녕 🌱"), "안녕 🌱")
    }

    func testPrefixNeverSplitsAWideCharacter() {
        XCTAssertEqual(TerminalText.prefix("안녕하세요", width: 5).text, "안녕")
        XCTAssertEqual(TerminalText.prefix("안녕하세요", width: 5).width, 4)
        XCTAssertEqual(TerminalText.prefix("abc", width: 10).text, "abc")
        XCTAssertEqual(TerminalText.fitted("가나", width: 5), "가나 ")
        XCTAssertEqual(TerminalText.fitted("가나다", width: 5), "가나 ")
    }

    func testWrapBreaksBetweenWordsAndInsideLongOnes() {
        XCTAssertEqual(TerminalText.wrap("내일 두 시에 스터디 어때요?", width: 12), ["내일 두 시에", "스터디", "어때요?"])
        XCTAssertEqual(TerminalText.wrap("내일 두 시에 스터디 어때요?", width: 10), ["내일 두", "시에", "스터디", "어때요?"])
        XCTAssertEqual(TerminalText.wrap("abcdefghij", width: 4), ["abcd", "efgh", "ij"])
        XCTAssertEqual(TerminalText.wrap("one two\nthree", width: 20), ["one two", "three"])
        XCTAssertEqual(TerminalText.wrap("", width: 5), [""])
        XCTAssertEqual(TerminalText.wrap("가나다", width: 1), ["가", "나", "다"], "a character wider than the line still shows")
        for line in TerminalText.wrap("좋아요 🌱👩‍💻 see you at the café tomorrow", width: 7) {
            XCTAssertLessThanOrEqual(DisplayWidth.of(line), 7, line)
        }
    }
}
