import Foundation
import XCTest

/// `slp map` through the binary in a real terminal (tmux): each person in their direction at
/// their true distance, the same people as `search`, colour only on a colour terminal, the
/// terminal's size or 80×24 off one, dense crowds drawn readably (labels in gaps, a legend in
/// words at every width, someone at my own spot shown); on every backend.
final class MapCLITests: XCTestCase {
    /// The character at `column` of `line` (every cell of the map is one column wide).
    private func cell(_ lines: [String], _ row: Int, _ column: Int) -> Character? {
        guard row < lines.count else { return nil }
        let characters = Array(lines[row])
        return column < characters.count ? characters[column] : " "
    }

    /// The rows where a ring's label (`700 m`, or `700m` when shortened) touches anything but a
    /// blank on either side.
    private func labelsTouchingMarks(_ rows: [String], labels: [String]) -> [String] {
        var touching: [String] = []
        for (number, row) in rows.enumerated() {
            let characters = Array(row)
            for label in Set(labels + labels.map { $0.replacingOccurrences(of: " ", with: "") }) {
                let target = Array(label)
                for start in characters.indices where characters[start...].starts(with: target) {
                    let before = start == 0 ? " " : characters[start - 1]
                    let after = start + target.count < characters.count ? characters[start + target.count] : " "
                    if before != " " || after != " " { touching.append("row \(number), \(label): \(row)") }
                }
            }
        }
        return touching
    }

    func testEachPersonInTheirDirectionAtTheirTrueDistanceOnA80By24Terminal() {
        TestBackend.each(self) { _, database, _ in
            let slp = SLPBinary(database: database)
            let place = try Neighbourhood.make(slp)
            let screen = try TmuxScreen(slp, ["map", "--as", place.me], columns: 80, rows: 24)
            let ended = try XCTUnwrap(screen.ended(), "slp map did not finish: \(screen.lines)")
            XCTAssertEqual(ended.status, 0, "\(ended.lines)")
            let lines = ended.lines
            // 21 map rows: me at row 10, column 39. 700 m is 10 rows up: 35 m a column, 70 m a row.
            XCTAssertEqual(cell(lines, 10, 39), "◎")
            XCTAssertEqual(cell(lines, 5, 39), "●", "350 m north: 5 rows up")
            XCTAssertEqual(cell(lines, 10, 49), "●", "350 m east: 10 columns right, as far as 5 rows up")
            XCTAssertEqual(cell(lines, 13, 39), "2", "two people 210 m south: 3 rows down")
            XCTAssertEqual(cell(lines, 10, 27), "●", "420 m west: 12 columns left")
            let dots = lines.prefix(21).enumerated().flatMap { row, line in
                Array(line).enumerated().filter { $0.element == "●" }.map { [row, $0.offset] }
            }
            XCTAssertEqual(Set(dots), [[5, 39], [10, 49], [10, 27]], "nobody else: the hidden user is not drawn")
            // The rings: the radius reaches row 0 and row 20 on my column, 20 columns each way on my row.
            XCTAssertEqual(cell(lines, 0, 39), "·")
            XCTAssertEqual(cell(lines, 20, 39), "·")
            XCTAssertEqual(cell(lines, 10, 19), "·")
            XCTAssertEqual(cell(lines, 10, 59), "·")
            XCTAssertTrue(lines[0].hasSuffix("· 700 m"), "the label a blank right of the ring's top: \(lines[0])")
            let map = Array(lines.prefix(21))
            XCTAssertTrue(map.contains { $0.contains("200 m") } && map.contains { $0.contains("400 m") }, map.joined(separator: "\n"))
            XCTAssertEqual(labelsTouchingMarks(map, labels: ["200 m", "400 m", "700 m"]), [])
            XCTAssertEqual(lines[21...22], [
                "◎ you  ● one person  2–9 people  · rings 200 m, 400 m, 700 m",
                "5 people, 1 shares a study  1 column = 35 m, 1 line = 70 m",
            ])
            XCTAssertEqual(lines[23], "[exit 0]", "the map leaves the last line for the prompt")
            XCTAssertFalse(screen.styledText.contains("\u{1B}[32m"), "NO_COLOR is set: no colour")

            // Off a terminal: 80×24, the same picture.
            let piped = try slp.run("map", "--as", place.me)
            XCTAssertEqual(piped.status, 0, piped.stderr)
            XCTAssertEqual(piped.stdout, lines.prefix(23).joined(separator: "\n") + "\n")
        }
    }

    func testPeopleWhoShareAStudyAreColouredOnAColourTerminalOnly() throws {
        let directory = try TemporaryDirectory()
        let slp = SLPBinary(database: directory.path("slp.sqlite"))
        let place = try Neighbourhood.make(slp)
        let colour = try TmuxScreen(slp, ["map", "--as", place.me], columns: 80, rows: 24, environment: ["NO_COLOR": ""])
        XCTAssertEqual(colour.ended()?.status, 0)
        let styled = colour.styledText
        XCTAssertEqual(styled.components(separatedBy: "\u{1B}[32m●").count, 2, "the one who shares swift, in green: \(styled)")
        XCTAssertEqual(styled.components(separatedBy: "●").count, 5, "three on the map, one in the legend")
        XCTAssertTrue(styled.contains("\u{1B}[32mgreen: shares a study"), "the legend says what green means: \(styled)")
        let plain = try slp.run(["map", "--as", place.me], environment: ["NO_COLOR": ""])
        XCTAssertFalse(plain.stdout.contains("\u{1B}"), "never colour off a terminal")
    }

    func testTheTerminalsSizeOrTheOneGivenAndBadSizesAreUsageErrors() throws {
        let directory = try TemporaryDirectory()
        let slp = SLPBinary(database: directory.path("slp.sqlite"))
        let place = try Neighbourhood.make(slp)
        let wide = try TmuxScreen(slp, ["map", "--as", place.me], columns: 120, rows: 40)
        let lines = try XCTUnwrap(wide.ended()?.lines)
        XCTAssertEqual(lines.count, 40)
        XCTAssertEqual(lines[39], "[exit 0]")
        XCTAssertEqual(cell(lines, 18, 59), "◎", "the middle of 120 columns and 38 map rows")
        XCTAssertEqual(lines[38], "◎ you  ● one person  2–9 people  · rings 200 m, 400 m, 700 m  5 people, 1 shares a study  1 column = 19 m, 1 line = 39 m")

        let given = try slp.run("map", "--as", place.me, "--width", "40", "--height", "12", "--radius", "1000", "--study", "swift")
        XCTAssertEqual(given.status, 0, given.stderr)
        let rows = given.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(rows.count, 11)
        XCTAssertTrue(rows.allSatisfy { $0.count <= 40 })
        XCTAssertEqual(rows.suffix(4), [
            "◎ you  ● one person  2–9 people", "· rings 250 m, 500 m, 1 km", "1 person, 1 shares a study",
            "1 column = 167 m, 1 line = 333 m",
        ], "only the swift learner; the scale kept at 40 columns")

        for (arguments, message) in [
            (["--width", "19"], "Error: --width: 19 is not 20 to 1000 columns\n"),
            (["--height", "1001"], "Error: --height: 1001 is not 8 to 1000 lines\n"),
            (["--width", "wide"], "Error: --width: 'wide' is not a whole number\n"),
            (["--lat", "37.5"], "Error: --lat and --long go together\nUsage: slp map [--lat <latitude>] [--long <longitude>] [--radius <metres>] [--study <study>] [--width <columns>] [--height <lines>]\n  See 'slp map --help' for more information.\n"),
            (["--radius", "50001"], "Error: the radius is 1 to 50000 metres\n"),
        ] {
            let refused = try slp.run(["map", "--as", place.me] + arguments)
            XCTAssertEqual(refused.status, 64, "\(arguments)")
            XCTAssertEqual(refused.stderr, message, "\(arguments)")
            XCTAssertEqual(refused.stdout, "")
        }
        let nowhere = try slp.run("--json", "map", "--as", place.people["hidden"]!)
        XCTAssertEqual(nowhere.status, 0, "hidden from others, but waiting: the map is around them")
        let stranger = try slp.run("register", "--phone", "010-5555-0099", "--nick", "길손", "--birth", "1990-01-01", "--email", "s@example.com", "--gender", "male")
        let notQueued = try slp.run("--json", "map", "--as", stranger.stdout.trimmingCharacters(in: .newlines))
        XCTAssertEqual(notQueued.status, 1)
        XCTAssertEqual(try notQueued.jsonError()["code"] as? String, "not_searching")
    }

    /// The neighbourhood in a crowd: 20,000 seeded in hotspots within about a kilometre of me.
    /// The database lives as long as the caller keeps the directory.
    private func crowd() throws -> (TemporaryDirectory, SLPBinary, Neighbourhood) {
        let directory = try TemporaryDirectory()
        let slp = SLPBinary(database: directory.path("slp.sqlite"))
        let place = try Neighbourhood.make(slp)
        let center = "\(Neighbourhood.center.latitude),\(Neighbourhood.center.longitude)"
        let seeded = try slp.run("seed", "--users", "20000", "--hotspots", "--center", center, "--spread-km", "1", "--seed", "5")
        XCTAssertEqual(seeded.status, 0, seeded.stderr)
        return (directory, slp, place)
    }

    func testACrowdIsTheSamePeopleAsSearchAndStaysReadable() throws {
        let (directory, slp, place) = try crowd()
        defer { withExtendedLifetime(directory) {} }
        for study in [nil, "swift"] {
            let filter = study.map { ["--study", $0] } ?? []
            let map = try slp.run(["--json", "map", "--as", place.me, "--radius", "1500"] + filter)
            XCTAssertEqual(map.status, 0, map.stderr)
            let picture = try map.jsonObject()
            let search = try slp.run(["--json", "search", "--as", place.me, "--radius", "1500"] + filter).jsonObject()
            let found = try XCTUnwrap(search["fromQueueDB"] as? [[String: Any]])
            XCTAssertEqual(picture["people"] as? Int, found.count, "the same filters and exclusions as search")
            XCTAssertEqual(picture["shared"] as? Int, found.filter { ($0["sharedStudies"] as? [String])?.isEmpty == false }.count)
            XCTAssertGreaterThan(found.count, study == nil ? 10_000 : 1_000)
            let rows = try XCTUnwrap(picture["rows"] as? [String])
            let legend = try XCTUnwrap(picture["legend"] as? [String])
            XCTAssertEqual(rows.count + legend.count, 23, "the screen but its last line")
            XCTAssertEqual(rows.filter { $0.contains("◎") || $0.contains("◉") }.count, 1, "me, still in the middle of the crowd")
            XCTAssertTrue(rows.joined().contains("+"))
            let densest = try XCTUnwrap(picture["densest"] as? Int)
            XCTAssertGreaterThan(densest, 9)
            XCTAssertTrue(legend.joined(separator: "  ").contains("  + 10 to \(densest) people  "), "\(legend)")
        }
    }

    func testInACrowdEveryLabelSitsInAGapAndTheLegendNamesEveryMarkAt40_64And80Columns() throws {
        let (directory, slp, place) = try crowd()
        defer { withExtendedLifetime(directory) {} }
        for (radius, labels) in [("700", ["200 m", "400 m", "700 m"]), ("3000", ["1 km", "2 km", "3 km"])] {
            for (columns, lines) in [(40, 15), (64, 20), (80, 24)] {
                let size = ["--width", "\(columns)", "--height", "\(lines)"]
                let picture = try slp.run(["--json", "map", "--as", place.me, "--radius", radius] + size).jsonObject()
                let rows = try XCTUnwrap(picture["rows"] as? [String])
                let legend = try XCTUnwrap(picture["legend"] as? [String])
                let densest = try XCTUnwrap(picture["densest"] as? Int)
                let here = try XCTUnwrap(picture["atMySpot"] as? Int)
                XCTAssertGreaterThan(here, 0, "the hotspot is where I stand")

                let screen = try TmuxScreen(slp, ["map", "--as", place.me, "--radius", radius], columns: columns, rows: lines)
                let ended = try XCTUnwrap(screen.ended(), "slp map did not finish: \(screen.lines)")
                XCTAssertEqual(ended.status, 0)
                let shown = ended.lines
                let context = "radius \(radius) at \(columns)×\(lines):\n" + shown.joined(separator: "\n")
                XCTAssertEqual(Array(shown.prefix(rows.count + legend.count)), rows + legend, "every line fits, none wrapped: \(context)")
                XCTAssertEqual(shown.count, lines, context)
                XCTAssertEqual(shown.last, "[exit 0]")
                XCTAssertEqual(labelsTouchingMarks(rows, labels: labels), [], context)
                let words = "  " + legend.joined(separator: "  ") + "  "
                for mark in ["  ◉ you and \(here) more here  ", "  ● one person  ", "  2–9 people  ", "  + 10 to \(densest) people  ", "  · rings \(labels.joined(separator: ", "))  ", "  1 column = "] {
                    XCTAssertTrue(words.contains(mark), "the legend names '\(mark)': \(context)")
                }
            }
        }
    }
}
