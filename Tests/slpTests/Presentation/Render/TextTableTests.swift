import XCTest

@testable import slp

/// `TextTable` pads every column to its widest cell, counting wide characters as two cells, and
/// fits a width by cutting the columns allowed, in their order, never below their header.
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

    func testAWidthCutsTheAllowedColumnsInOrderWithAnEllipsisAndKeepsTheRestWhole() {
        var table = TextTable([("NICK", .left), ("STUDIES", .left), ("SHARED", .left), ("UID", .left)], cuttable: [1, 2, 0])
        table.add(["새싹새싹", "swift ios 알고리즘 golang", "swift ios", "UID0000000000"])
        table.add(["b", "c", "", "UID1"])
        // Whole: 8 + 2 + 26 + 2 + 9 + 2 + 13 = 62 columns.
        XCTAssertEqual(table.render(style: .plain, width: 62), table.render(style: .plain))
        XCTAssertEqual(table.render(style: .plain, width: 50), """
            NICK      STUDIES         SHARED     UID
            새싹새싹  swift ios 알…   swift ios  UID0000000000
            b         c                          UID1

            """, "STUDIES gives up 12 columns; a wide character that would straddle the cut is left out")
        XCTAssertEqual(table.render(style: .plain, width: 40), """
            NICK      STUDIES  SHARED  UID
            새싹새싹  swift …  swift…  UID0000000000
            b         c                UID1

            """, "STUDIES down to its header, then SHARED")
        XCTAssertEqual(table.render(style: .plain, width: 10), """
            NICK  STUDIES  SHARED  UID
            새…   swift …  swift…  UID0000000000
            b     c                UID1

            """, "every cuttable column at its header; the rest kept whole, however narrow the width")
    }
}
