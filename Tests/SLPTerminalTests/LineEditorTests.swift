import XCTest

@testable import SLPTerminal

final class LineEditorTests: XCTestCase {
    private func edited(_ keys: [Key], from text: String = "") -> LineEditor {
        var editor = LineEditor(text)
        for key in keys { editor.apply(key) }
        return editor
    }

    func testBackspaceRemovesAWholeCharacterAndTheCursorCountsWideOnesTwice() {
        let editor = edited([.text("안녕 👩‍💻e\u{301}")])
        XCTAssertEqual(editor.cursorColumn, 8)
        XCTAssertEqual(edited([.backspace], from: editor.text).text, "안녕 👩‍💻")
        XCTAssertEqual(edited([.backspace, .backspace], from: editor.text).text, "안녕 ")
        XCTAssertEqual(edited([.backspace, .backspace, .backspace, .backspace], from: editor.text).text, "안")
        XCTAssertEqual(edited([.backspace, .backspace, .backspace, .backspace], from: editor.text).cursorColumn, 2)
    }

    func testMovingAndEditingInTheMiddle() {
        var editor = edited([.text("가다"), .left, .text("나")])
        XCTAssertEqual(editor.text, "가나다")
        XCTAssertEqual(editor.cursorColumn, 4)
        editor.apply(.lineStart)
        XCTAssertEqual(editor.cursorColumn, 0)
        editor.apply(.deleteForward)
        XCTAssertEqual(editor.text, "나다")
        editor.apply(.lineEnd)
        editor.apply(.right)
        XCTAssertEqual(editor.cursorColumn, 4)
        editor.apply(.left)
        editor.apply(.clearToStart)
        XCTAssertEqual(editor.text, "다")
        XCTAssertEqual(editor.cursorColumn, 0)
    }

    func testDeleteWordAndKeysThatAreNotEdits() {
        var editor = edited([.text("see you  ")])
        editor.apply(.deleteWord)
        XCTAssertEqual(editor.text, "see ")
        XCTAssertFalse(editor.apply(.enter))
        XCTAssertFalse(editor.apply(.endOfInput))
        XCTAssertEqual(editor.text, "see ")
    }

    func testPastedControlsAndLineBreaksStayOnOneSafeLine() {
        XCTAssertEqual(edited([.text("a\nb\u{1B}c")]).text, "a b\u{FFFD}c")
    }

    func testALongLineScrollsToKeepTheCursorInView() {
        let editor = edited([.text("가나다라마바사")])  // 14 columns
        XCTAssertEqual(editor.visible(width: 20).text, "가나다라마바사")
        XCTAssertEqual(editor.visible(width: 20).cursor, 14)
        let narrow = editor.visible(width: 8)
        XCTAssertEqual(narrow.text, "마바사", "the end, with a column left for the cursor")
        XCTAssertEqual(narrow.cursor, 6)
        var atStart = editor
        atStart.apply(.home)
        XCTAssertEqual(atStart.visible(width: 8).text, "가나다라")
        XCTAssertEqual(atStart.visible(width: 8).cursor, 0)
    }
}
