import Foundation
import SLPDomain
import SLPTerminal
import SLPTestSupport
import XCTest

@testable import SLPCommandLine
@testable import slp

/// The map's cells and text: each person in their direction at their true distance, counts,
/// rings and their labels in gaps, someone at my own spot, the legend in words, colour only
/// when asked.
final class MapRendererTests: XCTestCase {

    /// 21 columns, 9 map rows: the centre at column 10, row 4; 700 m is 4 rows down, so one
    /// column is 87.5 m and one row 175 m.
    private let people = [
        MapFixture.person("NORTH", 350, bearing: 0),
        MapFixture.person("EAST", 350, bearing: 90, shared: ["swift"]),
        MapFixture.person("SOUTH1", 525, bearing: 180),
        MapFixture.person("SOUTH2", 525, bearing: 180),
        MapFixture.person("WEST", 612.5, bearing: 270),
    ]

    func testEachPersonInTheirDirectionAtTheirTrueDistanceBothWays() {
        let grid = MapGrid(MapFixture.surroundings(people), columns: 21, rows: 9)
        XCTAssertEqual(grid.metresPerColumn, 87.5)
        XCTAssertEqual(grid[4, 10], .me(others: 0))
        XCTAssertEqual(grid[2, 10], .people(count: 1, shared: false), "350 m north: two rows up")
        XCTAssertEqual(grid[4, 14], .people(count: 1, shared: true), "350 m east: four columns right")
        XCTAssertEqual(grid[7, 10], .people(count: 2, shared: false), "525 m south: three rows down, two people")
        XCTAssertEqual(grid[4, 3], .people(count: 1, shared: false), "612.5 m west: seven columns left")
        XCTAssertEqual(grid.people, 5)
        XCTAssertEqual(grid.sharing, 1)
        XCTAssertEqual(grid.densest, 2)
        // The radius: 8 columns across, 4 rows up and down.
        XCTAssertEqual(grid[4, 2], .ring)
        XCTAssertEqual(grid[4, 18], .ring)
        XCTAssertEqual(grid[8, 10], .ring)
        XCTAssertEqual(grid[0, 10], .ring)
        XCTAssertEqual((12...16).map { grid[0, $0].glyph }, Array("700 m"), "two columns right of where the ring crosses north")
        XCTAssertEqual(grid[0, 11], .empty, "a blank between the ring and its label")
        XCTAssertEqual(grid[0, 17], .empty)
        XCTAssertEqual(grid.labelled, [200, 400, 700])
    }

    /// Every label on the grid: its row, first column and text.
    private func labels(_ grid: MapGrid) -> [(row: Int, column: Int, text: String)] {
        var found: [(Int, Int, String)] = []
        for row in 0..<grid.rows {
            var column = 0
            while column < grid.columns {
                guard case .label = grid[row, column] else { column += 1; continue }
                var text = ""
                let start = column
                while column < grid.columns, case .label(let character) = grid[row, column] { text.append(character); column += 1 }
                found.append((row, start, text))
            }
        }
        return found
    }

    func testALabelMovesAlongItsRingToAGapAndNeverTouchesACount() {
        // People on and just inside the north of the radius: where 700 m would be written.
        let north = (-12...12).map { MapFixture.person("N\($0 + 12)", 690, bearing: Double($0) * 3) }
        let grid = MapGrid(MapFixture.surroundings(people + north), columns: 21, rows: 9)
        let written = labels(grid)
        XCTAssertEqual(written.map(\.text).sorted(), ["200 m", "400 m", "700 m"])
        for label in written {
            let length = label.text.count
            XCTAssertEqual(grid[label.row, label.column - 1], .empty, "blank before \(label)")
            XCTAssertEqual(grid[label.row, label.column + length], .empty, "blank after \(label)")
        }
        XCTAssertNotEqual(written.first { $0.text == "700 m" }?.row, 0, "not over the people in the north")
        XCTAssertEqual(grid.people, 30, "nobody covered")
    }

    func testWhereNoGapIsLeftTheLabelIsDroppedAndTheLegendStillNamesTheRing() {
        // Someone in every cell inside the radius.
        var crowd: [NearbyUser] = []
        for row in -4...4 {
            for column in -10...10 where row != 0 || column != 0 {
                let east = Double(column) * 87.5, north = Double(row) * 175
                let metres = (east * east + north * north).squareRoot()
                guard metres <= 700 else { continue }
                crowd.append(MapFixture.person("C\(crowd.count)", metres, bearing: atan2(east, north) * 180 / .pi))
            }
        }
        let grid = MapGrid(MapFixture.surroundings(crowd), columns: 21, rows: 9)
        XCTAssertTrue(labels(grid).allSatisfy { label in
            grid[label.row, label.column - 1] == .empty && grid[label.row, label.column + label.text.count] == .empty
        }, "\(labels(grid))")
        XCTAssertFalse(grid.labelled.contains(200), "the innermost ring runs through the crowd")
        XCTAssertTrue(MapLegend(grid, colors: false).entries.contains("· rings 200 m, 400 m, 700 m"))
    }

    func testSomeoneAtMySpotIsShownAndCountedThere() {
        let here = [MapFixture.person("HERE1", 0, bearing: 0), MapFixture.person("HERE2", 10, bearing: 45)]
        let grid = MapGrid(MapFixture.surroundings(people + here), columns: 21, rows: 9)
        XCTAssertEqual(grid[4, 10], .me(others: 2))
        XCTAssertEqual(grid[4, 10].glyph, "◉")
        XCTAssertEqual(grid.people, 7)
        XCTAssertEqual(grid.atMySpot, 2)
        XCTAssertEqual(MapLegend(grid, colors: false).entries.first, "◉ you and 2 more here")
    }

    func testTheMapAsTextAndAsJSON() {
        let state = MapFixture.surroundings(people)
        let size = TerminalSize(columns: 21, rows: 19)
        let text = MapRenderer(format: .text(.plain)).render(state, size: size)
        // ◎ at column 10 of row 4; north two rows up, east four columns right, west seven left, the two in the south three rows down.
        XCTAssertEqual(text.stdout, [
            "      ····· 700 m",
            "    ···       ···",
            "   ··  ···● 400 m",
            "  ··  · ··· 200 m ·",
            "  ·● ·· · ◎ · ●·  ·",
            "  ··  · ····· ·  ··",
            "   ··  ·······  ··",
            "    ···   2   ···",
            "      ·········",
            "",
            "◎ you  ● one person",
            "2–9 people",
            "· rings 200 m, 400 m,",
            "700 m",
            "5 people, 1 shares a",
            "study",
            "1 column = 88 m, 1",
            "line = 175 m",
        ].joined(separator: "\n") + "\n")

        let json = MapRenderer(format: .json).render(state, size: size).stdout
        XCTAssertTrue(json.hasPrefix(#"{"center":[37.5665,126.978],"radius":700.0,"metresPerColumn":87.5,"people":5,"shared":1,"densest":2,"atMySpot":0,"rings":[200.0,400.0,700.0],"labelled":[200.0,400.0,700.0],"rows":["      ····· 700 m","#), json)
        XCTAssertTrue(json.hasSuffix(#""      ·········",""],"legend":["◎ you  ● one person","2–9 people","· rings 200 m, 400 m,","700 m","5 people, 1 shares a","study","1 column = 88 m, 1","line = 175 m"]}"# + "\n"), json)
        let wide = MapRenderer(format: .text(.plain)).render(state, size: TerminalSize(columns: 80, rows: 24)).stdout
        XCTAssertEqual(wide.split(separator: "\n", omittingEmptySubsequences: false).count, 24, "23 lines and the end of the last")
        XCTAssertTrue(wide.hasSuffix("""
            ◎ you  ● one person  2–9 people  · rings 200 m, 400 m, 700 m
            5 people, 1 shares a study  1 column = 35 m, 1 line = 70 m

            """), wide)
    }

    func testColourMarksThoseWhoShareAStudyAndOnlyWhenAsked() {
        let state = MapFixture.surroundings(people)
        let size = TerminalSize(columns: 21, rows: 19)
        let coloured = MapRenderer(format: .text(Style(colors: true))).render(state, size: size).stdout
        let map = coloured.split(separator: "\n").prefix(10).joined(separator: "\n")
        XCTAssertTrue(map.contains("\u{1B}[32m●\u{1B}[0m"), coloured)
        XCTAssertTrue(coloured.contains("\u{1B}[1m◎\u{1B}[0m"))
        XCTAssertEqual(map.components(separatedBy: "\u{1B}[32m").count, 2, "only the one who shares a study")
        XCTAssertTrue(coloured.contains("\u{1B}[32mgreen: shares a study\u{1B}[0m"), "and the legend says what green means")
        let plain = MapRenderer(format: .text(.plain)).render(state, size: size).stdout
        XCTAssertFalse(plain.contains("\u{1B}"))
    }

    func testCountsGoToNineThenPlusAndTheLegendNamesEveryMarkAtEveryWidth() {
        let crowd = (0..<12).map { MapFixture.person("A\($0)", 350, bearing: 90) } + (0..<9).map { MapFixture.person("B\($0)", 350, bearing: 270) }
        let grid = MapGrid(MapFixture.surroundings(crowd), columns: 21, rows: 9)
        XCTAssertEqual(grid[4, 14].glyph, "+")
        XCTAssertEqual(grid[4, 6].glyph, "9")
        XCTAssertEqual(MapCell.people(count: 1, shared: false).glyph, "●")
        let legend = MapLegend(grid, colors: false)
        XCTAssertEqual(legend.entries, [
            "◎ you", "● one person", "2–9 people", "+ 10 to 12 people", "· rings 200 m, 400 m, 700 m", "21 people, 0 share a study",
            "1 column = 88 m, 1 line = 175 m",
        ])
        XCTAssertEqual(legend.lines(width: 80, style: .plain), [
            "◎ you  ● one person  2–9 people  + 10 to 12 people  · rings 200 m, 400 m, 700 m",
            "21 people, 0 share a study  1 column = 88 m, 1 line = 175 m",
        ])
        XCTAssertEqual(legend.lines(width: 40, style: .plain), [
            "◎ you  ● one person  2–9 people", "+ 10 to 12 people", "· rings 200 m, 400 m, 700 m", "21 people, 0 share a study",
            "1 column = 88 m, 1 line = 175 m",
        ])
        let coloured = MapLegend(grid, colors: true)
        XCTAssertEqual(coloured.entries[5], "green: shares a study", "what green means, on a colour terminal only")
        XCTAssertTrue(coloured.lines(width: 80, style: Style(colors: true))[1].hasPrefix("\u{1B}[32mgreen: shares a study\u{1B}[0m"))
    }

    func testRingsAtRoundDistancesInsideTheRadius() {
        XCTAssertEqual(RoundDistance.innerRings(within: 700), [200, 400])
        XCTAssertEqual(RoundDistance.innerRings(within: 1_000), [250, 500])
        XCTAssertEqual(RoundDistance.innerRings(within: 5_000), [1_000, 2_000])
        XCTAssertEqual(RoundDistance.innerRings(within: 50_000), [10_000, 20_000])
        XCTAssertEqual(RoundDistance.innerRings(within: 3), [1, 2])
        XCTAssertEqual(RoundDistance.innerRings(within: 1), [])
        XCTAssertEqual(RoundDistance.label(700), "700 m")
        XCTAssertEqual(RoundDistance.label(1_000), "1 km")
        XCTAssertEqual(RoundDistance.label(2_500), "2.5 km")
        XCTAssertEqual(RoundDistance.label(12_000), "12 km")
        XCTAssertEqual(RoundDistance.label(87.5), "88 m")
    }
}
