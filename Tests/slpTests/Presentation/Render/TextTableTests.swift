import XCTest

@testable import slp

/// `TextTable` pads every column to its widest cell, counting wide characters as two cells.
final class TextTableTests: XCTestCase {
    func testColumnsArePaddedToTheWidestCellWithoutTrailingSpaces() {
        var table = TextTable([("DISTANCE", .right), ("NICK", .left), ("UID", .left), ("NOTE", .left)])
        table.add(["14 m", "새싹", "abc", ""])
        table.add(["1250 m", "sesac", "", "last"])
        XCTAssertEqual(table.render(style: .plain), """
            DISTANCE  NICK   UID  NOTE
                14 m  새싹   abc
              1250 m  sesac       last

            """)
    }

    func testHangulAndEmojiTakeTwoCellsAndCombiningMarksNone() {
        XCTAssertEqual(TextTable.width(of: "swift"), 5)
        XCTAssertEqual(TextTable.width(of: "새싹211318"), 10)
        XCTAssertEqual(TextTable.width(of: "🌱a"), 3)
        XCTAssertEqual(TextTable.width(of: "e\u{301}"), 1)
        XCTAssertEqual(TextTable.width(of: ""), 0)
    }

    func testTheHeaderIsBoldOnATerminal() {
        var table = TextTable([("A", .left), ("B", .right)])
        table.add(["xy", "1"])
        XCTAssertEqual(table.render(style: Style(colors: true)), "\u{1B}[1mA   B\u{1B}[0m\nxy  1\n")
    }

    func testAnEmptyTableIsItsHeader() {
        XCTAssertEqual(TextTable([("KIND", .left), ("NO", .right)]).render(style: .plain), "KIND  NO\n")
    }
}
