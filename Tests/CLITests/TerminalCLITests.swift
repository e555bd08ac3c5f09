import Foundation
import XCTest

/// What slp does for a person at a terminal, under a pseudo terminal: progress for long work on
/// standard error (on every backend), a pager for output longer than the screen, colour unless
/// `NO_COLOR` says no, tables that fit the terminal's width.
final class TerminalCLITests: XCTestCase {
    private func registered(in directory: TemporaryDirectory) throws -> (SLPBinary, String) {
        let people = Scenario(database: directory.path("slp.sqlite"))
        return (people.slp, try people.register("010-7000-0001", "새싹"))
    }

    /// On every backend: each repository tells its progress as it goes.
    func testSeedShowsProgressOnATerminalsStandardErrorOnly() {
        TestBackend.each(self) { _, database, directory in
            let slp = SLPBinary(database: database)
            // Standard output to a file: the terminal shows only standard error.
            let onTerminal = try PseudoTerminal(slp, ["seed", "--users", "10000"], files: [1: directory.path("out.txt")])
            XCTAssertEqual(onTerminal.exit(), 0, onTerminal.text)
            XCTAssertTrue(onTerminal.text.contains("Seeding ["), onTerminal.text)
            XCTAssertTrue(onTerminal.text.contains(" of 10,000"), onTerminal.text)
            let percents = Set(onTerminal.text.components(separatedBy: "] ").dropFirst().map { $0.prefix { $0 != "%" } })
            XCTAssertGreaterThan(percents.count, 2, "the bar moves while the work goes on: \(percents.sorted())")
            XCTAssertTrue(onTerminal.text.hasSuffix("\r\u{1B}[K"), "the bar is cleared at the end: \(onTerminal.text)")
            XCTAssertEqual(try String(contentsOfFile: directory.path("out.txt"), encoding: .utf8),
                           "Added 10000 waiting users (seed 1) within 15.0 km of 37.5665,126.978.\n")

            // Standard error not a terminal (standard output is): nothing but the summary.
            let offTerminal = try PseudoTerminal(slp, ["seed", "--users", "2000", "--seed", "2"], files: [2: directory.path("err.txt")])
            XCTAssertEqual(offTerminal.exit(), 0, offTerminal.text)
            XCTAssertEqual(offTerminal.lines, "Added 2000 waiting users (seed 2) within 15.0 km of 37.5665,126.978.\n")
            XCTAssertEqual(try String(contentsOfFile: directory.path("err.txt"), encoding: .utf8), "")

            // Neither a terminal: nothing on standard error either.
            let piped = try slp.run("seed", "--users", "2000", "--seed", "3")
            XCTAssertEqual(piped.status, 0)
            XCTAssertEqual(piped.stderr, "")
        }
    }

    func testATableLongerThanTheScreenGoesThroughThePager() throws {
        let directory = try TemporaryDirectory()
        let (slp, uid) = try registered(in: directory)
        XCTAssertEqual(try slp.run("seed", "--users", "100", "--center", "37.5665,126.978", "--spread-km", "0.3").status, 0)
        let search = ["search", "--as", uid, "--lat", "37.5665", "--long", "126.978", "--radius", "2000"]
        let pager = ["PAGER": "sed 's/^/paged: /'"]

        let paged = try PseudoTerminal(slp, search, rows: 20, environment: pager)
        XCTAssertEqual(paged.exit(), 0, paged.text)
        let pagedLines = paged.lines.split(separator: "\n")
        XCTAssertGreaterThan(pagedLines.count, 20, "longer than the screen")
        XCTAssertTrue(pagedLines.allSatisfy { $0.hasPrefix("paged: ") }, paged.text)

        for (arguments, environment, why) in [
            (search + ["--no-pager"], pager, "--no-pager"),
            (search, pager.merging(["PAGER": ""]) { $1 }, "an empty PAGER"),
            (search, pager.merging(["PAGER": "cat"]) { $1 }, "PAGER=cat"),
            (["--json"] + search, pager, "JSON"),
        ] {
            let direct = try PseudoTerminal(slp, arguments, rows: 20, environment: environment)
            XCTAssertEqual(direct.exit(), 0, direct.text)
            XCTAssertFalse(direct.text.contains("paged: "), "\(why): \(direct.text)")
            XCTAssertTrue(direct.text.contains(uid) || direct.text.contains("DISTANCE") || direct.text.contains("fromQueueDB"), why)
        }
        // Short enough for the screen: printed as it is.
        let short = try PseudoTerminal(slp, ["user", "show", "--as", uid], rows: 40, environment: pager)
        XCTAssertEqual(short.exit(), 0, short.text)
        XCTAssertTrue(short.text.contains("새싹"), short.text)
        XCTAssertFalse(short.text.contains("paged: "), short.text)
        // Not a terminal: never paged.
        let piped = try slp.run(search, environment: pager)
        XCTAssertEqual(piped.status, 0)
        XCTAssertFalse(piped.stdout.contains("paged: "))
    }

    /// With no PAGER, `less -FRX` shows the first screen and waits; `q` leaves it, and slp ends well.
    func testTheDefaultPagerIsLess() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/less") || FileManager.default.isExecutableFile(atPath: "/bin/less") else {
            throw MissingTool(name: "less")
        }
        let directory = try TemporaryDirectory()
        let (slp, uid) = try registered(in: directory)
        // The manual is the same text on a terminal; less shows its first 19 lines and a prompt.
        let text = try slp.run("help", "--man").stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let manual = try PseudoTerminal(slp, ["help", "--man"], rows: 20, columns: 400)
        XCTAssertTrue(manual.waitFor(String(text[18])), manual.text)
        manual.type("q")
        XCTAssertEqual(manual.exit(), 0, manual.text)
        XCTAssertTrue(manual.text.contains(".TH SLP 1"), manual.text)
        XCTAssertFalse(manual.text.contains(".SH FILES"), "only the first screen was shown: \(manual.text)")
        XCTAssertFalse(manual.text.contains(uid))
    }

    func testColourOnATerminalUnlessNoColorHoldsSomething() throws {
        let directory = try TemporaryDirectory()
        let (slp, uid) = try registered(in: directory)
        let bold = "\u{1B}[1m"
        for (value, coloured) in [("", true), ("1", false), ("no", false)] {
            let terminal = try PseudoTerminal(slp, ["user", "show", "--as", uid], rows: 40, environment: ["NO_COLOR": value])
            XCTAssertEqual(terminal.exit(), 0, terminal.text)
            XCTAssertEqual(terminal.text.contains(bold), coloured, "NO_COLOR='\(value)': \(terminal.text)")
        }
        let plain = try PseudoTerminal(slp, ["user", "show", "--as", uid], rows: 40, environment: ["NO_COLOR": "", "TERM": "dumb"])
        XCTAssertEqual(plain.exit(), 0)
        XCTAssertFalse(plain.text.contains(bold), "TERM=dumb")
        // Not a terminal: never colour.
        XCTAssertFalse(try slp.run(["user", "show", "--as", uid], environment: ["NO_COLOR": ""]).stdout.contains(bold))
    }

    func testTheSearchTableFitsA100ColumnTerminalCuttingStudiesAndKeepingUidsWhole() throws {
        let directory = try TemporaryDirectory()
        let people = Scenario(database: directory.path("slp.sqlite"))
        let slp = people.slp
        let me = try people.register("010-7000-0001", "새싹")
        XCTAssertEqual(try slp.run("queue", "--as", me, "--lat", "37.5665", "--long", "126.978", "--study", "swift").status, 0)
        // Someone listing eight studies of eight Hangul syllables: 135 columns of studies alone.
        let studies = ["swift"] + ["알고리즘스터디일", "안드로이드개발자", "데이터베이스설계", "네트워크프로그램", "운영체제커널공부", "컴파일러만들기반", "그래픽스렌더링팀"]
        let long = try people.register("010-7000-0002", "여덟가지공부하는")
        XCTAssertEqual(try slp.run(["queue", "--as", long, "--lat", "37.5666", "--long", "126.978"] + studies.flatMap { ["--study", $0] }).status, 0)
        XCTAssertEqual(try slp.run("seed", "--users", "20", "--center", "37.5665,126.978", "--spread-km", "0.5").status, 0)
        let found = try XCTUnwrap(try slp.run("--json", "search", "--as", me).jsonObject()["fromQueueDB"] as? [[String: Any]])
        let uids = found.compactMap { $0["uid"] as? String }
        XCTAssertTrue(uids.contains(long))
        XCTAssertGreaterThan(uids.count, 10)

        let screen = try TmuxScreen(slp, ["search", "--as", me, "--no-pager"], columns: 100, rows: 40)
        let lines = try XCTUnwrap(screen.ended()?.lines, "search did not finish: \(screen.lines)")
        XCTAssertTrue(lines[0].hasPrefix("DISTANCE  NICK"), lines.joined(separator: "\n"))
        for (line, uid) in zip(lines[1...uids.count], uids) {
            XCTAssertTrue(line.hasSuffix("  " + uid), "one line a person, the uid whole at its end: \(lines.joined(separator: "\n"))")
        }
        let row = try XCTUnwrap(lines.first { $0.hasSuffix(long) })
        XCTAssertTrue(row.contains("swift 알고리즘스터디일") && row.contains("…"), "the long study list cut: \(row)")
        XCTAssertTrue(lines[(uids.count + 1)...].allSatisfy { !$0.contains("DISTANCE") }, "nothing wrapped onto more lines")

        let piped = try slp.run("search", "--as", me)
        XCTAssertEqual(piped.status, 0)
        XCTAssertTrue(piped.stdout.contains(studies.joined(separator: " ")), "piped, nothing is cut")
        XCTAssertFalse(piped.stdout.contains("…"))
    }
}
