import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SLPTerminal
@testable import slp

/// When output goes through a pager (a terminal, no --no-pager, `$PAGER` else `less -FRX`), and
/// how many screen lines a text takes.
final class PagerAndTerminalSizeTests: XCTestCase {
    private var saved: String?

    override func setUp() {
        saved = getenv("PAGER").map { String(cString: $0) }
    }

    override func tearDown() {
        if let saved { setenv("PAGER", saved, 1) } else { unsetenv("PAGER") }
        super.tearDown()
    }

    private func environment(terminal: Bool) -> ProcessEnvironment {
        ProcessEnvironment(arguments: [], currentDirectory: "/", stdoutIsTerminal: terminal)
    }

    func testThePagerIsChosenOnlyForATerminal() {
        setenv("PAGER", "most -s", 1)
        XCTAssertEqual(Pager.command(for: environment(terminal: true), disabled: false), "most -s")
        XCTAssertNil(Pager.command(for: environment(terminal: true), disabled: true), "--no-pager")
        XCTAssertNil(Pager.command(for: environment(terminal: false), disabled: false), "not a terminal")
        for none in ["", "  ", "cat"] {
            setenv("PAGER", none, 1)
            XCTAssertNil(Pager.command(for: environment(terminal: true), disabled: false), "PAGER='\(none)'")
        }
        unsetenv("PAGER")
        let chosen = Pager.command(for: environment(terminal: true), disabled: false)
        XCTAssertTrue(chosen == "less -FRX" || chosen == nil, "less, if there is one: \(chosen ?? "none")")
    }

    func testScreenLinesCountWrapsAndWideCharacters() {
        let screen = TerminalSize(columns: 10, rows: 24)
        XCTAssertEqual(screen.lines(of: ""), 0)
        XCTAssertEqual(screen.lines(of: "a\nb\n"), 2)
        XCTAssertEqual(screen.lines(of: "a\n\nb"), 3)
        XCTAssertEqual(screen.lines(of: String(repeating: "x", count: 10) + "\n"), 1)
        XCTAssertEqual(screen.lines(of: String(repeating: "x", count: 11) + "\n"), 2)
        XCTAssertEqual(screen.lines(of: "새싹새싹새싹\n"), 2, "twelve cells")
        XCTAssertEqual(screen.lines(of: "\u{1B}[32m●●●●●●●●●●\u{1B}[0m\n"), 1, "colour takes no cells")
    }
}
