import XCTest

@testable import SLPTerminal

final class ScreenPainterTests: XCTestCase {
    private let size = TerminalSize(columns: 10, rows: 3)

    func testTheFirstFrameIsPaintedWholeThenOnlyChangedLines() {
        var painter = ScreenPainter()
        let first = ScreenFrame(size: size, lines: ["title", "", "> "], cursorRow: 2, cursorColumn: 2)
        XCTAssertEqual(painter.paint(first), """
            \u{1B}[?25l\u{1B}[0m\u{1B}[2J\
            \u{1B}[1;1H\u{1B}[2Ktitle\u{1B}[0m\
            \u{1B}[2;1H\u{1B}[2K\u{1B}[0m\
            \u{1B}[3;1H\u{1B}[2K> \u{1B}[0m\
            \u{1B}[3;3H\u{1B}[?25h
            """)
        XCTAssertEqual(painter.paint(first), "", "nothing changed, nothing written")
        let message = ScreenFrame(size: size, lines: ["title", "비: 안녕", "> "], cursorRow: 2, cursorColumn: 2)
        XCTAssertEqual(painter.paint(message), "\u{1B}[?25l\u{1B}[2;1H\u{1B}[2K비: 안녕\u{1B}[0m\u{1B}[3;3H\u{1B}[?25h",
                       "the input line is not touched")
    }

    func testANewSizeOrInvalidateRepaintsEverything() {
        var painter = ScreenPainter()
        _ = painter.paint(ScreenFrame(size: size, lines: ["a", "b", "c"], cursorRow: 0, cursorColumn: 0))
        let larger = ScreenFrame(size: TerminalSize(columns: 12, rows: 3), lines: ["a", "b", "c"], cursorRow: 0, cursorColumn: 0)
        XCTAssertTrue(painter.paint(larger).contains("\u{1B}[2J"))
        painter.invalidate()
        let again = painter.paint(larger)
        XCTAssertTrue(again.contains("\u{1B}[2J") && again.contains("\u{1B}[3;1H\u{1B}[2Kc"))
    }
}
