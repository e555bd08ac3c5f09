import Foundation
import SLPDomain
import SLPTerminal
import SLPTestSupport
import XCTest

@testable import SLPCommandLine
@testable import slp

/// The map's cells and text: each person in their direction at their true distance, counts,
/// rings and their labels, the legend, colour only when asked.
final class MapRendererTests: XCTestCase {
    private let failures = FailureRenderer(help: HelpFormatter(for: CommandTable.parser))

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
        XCTAssertEqual(grid[4, 10], .me)
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
        XCTAssertEqual((12...16).map { grid[0, $0].glyph }, Array("700 m"))
    }

    func testTheMapAsTextAndAsJSON() {
        let state = MapFeature.State(surroundings: MapFixture.surroundings(people))
        let size = TerminalSize(columns: 21, rows: 11)
        let text = MapRenderer(format: .text(.plain), failures: failures).render(state, size: size)
        // ◎ at column 10 of row 4; north two rows up, east four columns right, west seven left, the two in the south three rows down.
        XCTAssertEqual(text.stdout, [
            "      ······700 m",
            "    ···       ···",
            "   ··  ···●·400 m·",
            "  ··  · ····200 m··",
            "  ·● ·· · ◎ · ●·  ·",
            "  ··  · ····· ·  ··",
            "   ··  ·······  ··",
            "    ···   2   ···",
            "      ·········",
            "5 people",
        ].joined(separator: "\n") + "\n")

        let json = MapRenderer(format: .json, failures: failures).render(state, size: size).stdout
        XCTAssertTrue(json.hasPrefix(#"{"center":[37.5665,126.978],"radius":700.0,"metresPerColumn":87.5,"people":5,"shared":1,"densest":2,"rows":["      ······700 m","#), json)
        XCTAssertTrue(json.hasSuffix(#""legend":"5 people"}"# + "\n"), json)
        let wide = MapRenderer(format: .text(.plain), failures: failures).render(state, size: TerminalSize(columns: 80, rows: 24)).stdout
        XCTAssertEqual(wide.split(separator: "\n", omittingEmptySubsequences: false).count, 24, "23 lines and the end of the last")
        XCTAssertTrue(wide.hasSuffix("5 people · 1 shares a study · 1 column = 35 m, 1 line = 70 m\n"))
    }

    func testColourMarksThoseWhoShareAStudyAndOnlyWhenAsked() {
        let state = MapFeature.State(surroundings: MapFixture.surroundings(people))
        let size = TerminalSize(columns: 21, rows: 11)
        let coloured = MapRenderer(format: .text(Style(colors: true)), failures: failures).render(state, size: size).stdout
        XCTAssertTrue(coloured.contains("\u{1B}[32m●\u{1B}[0m"), coloured)
        XCTAssertTrue(coloured.contains("\u{1B}[1m◎\u{1B}[0m"))
        XCTAssertEqual(coloured.components(separatedBy: "\u{1B}[32m").count, 2, "only the one who shares a study")
        let plain = MapRenderer(format: .text(.plain), failures: failures).render(state, size: size).stdout
        XCTAssertFalse(plain.contains("\u{1B}"))
    }

    func testCountsGoToNineThenPlusAndTheLegendSaysHowManyAPlusHolds() {
        let crowd = (0..<12).map { MapFixture.person("A\($0)", 350, bearing: 90) } + (0..<9).map { MapFixture.person("B\($0)", 350, bearing: 270) }
        let grid = MapGrid(MapFixture.surroundings(crowd), columns: 21, rows: 9)
        XCTAssertEqual(grid[4, 14].glyph, "+")
        XCTAssertEqual(grid[4, 6].glyph, "9")
        XCTAssertEqual(MapCell.people(count: 1, shared: false).glyph, "●")
        XCTAssertEqual(MapRenderer.legend(grid, width: 200), "21 people · 0 share a study · 1 column = 88 m, 1 line = 175 m · + = 10 to 12")
        XCTAssertEqual(MapRenderer.legend(grid, width: 70), "21 people · 0 share a study · 1 column = 88 m · + = 10 to 12")
        XCTAssertEqual(MapRenderer.legend(grid, width: 59), "21 people · 0 share a study · 1 column = 88 m")
        XCTAssertEqual(MapRenderer.legend(grid, width: 30), "21 people · 0 share a study")
        XCTAssertEqual(MapRenderer.legend(grid, width: 12), "21 people")
        XCTAssertEqual(MapRenderer.legend(grid, width: 5), "21 pe")
    }

    func testAFailureIsRenderedAsEverywhere() {
        let state = MapFeature.State(failure: Failure(DomainError.notSearching))
        let output = MapRenderer(format: .text(.plain), failures: failures).render(state, size: .standard)
        XCTAssertEqual(output.exitCode, .refused)
        XCTAssertEqual(output.stdout, "")
        XCTAssertTrue(output.stderr.hasPrefix("Error: "))
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
