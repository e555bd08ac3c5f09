import XCTest

@testable import SLPCommandLine
@testable import slp

final class HelpFormatterTests: XCTestCase {
    private let help = HelpFormatter(for: CommandTable.parser)

    func testLeafHelpHasTheArgumentParserLayout() throws {
        let text = help.help(for: ["user", "show"], command: try XCTUnwrap(CommandTable.parser.command(at: ["user", "show"])))
        XCTAssertEqual(text, """
            OVERVIEW: Show my record, or another user's public profile.

            USAGE: slp user show [<uid>]

            ARGUMENTS:
              <uid>                   Another user's uid (default: me).

            OPTIONS:
              -h, --help              Show help information.

            GLOBAL OPTIONS:
              --db <path>             Database file or postgresql:// URI (default: $SLP_DB,
                                      then $XDG_DATA_HOME/slp/slp.sqlite).
              --as <user>             Act as this user: uid or phone number (default:
                                      $SLP_USER).
              --json                  Print one JSON document on stdout, or JSON Lines for a
                                      stream (errors also as JSON on stderr); refused by
                                      help, demo, completion and serve.
              --no-pager              Do not page output longer than the terminal through
                                      $PAGER (less -FRX).

            EXAMPLES:
              slp user show --as 010-1234-5678
              slp --json user show --as 010-1234-5678

            """)
    }

    func testEveryCommandInTheTableHasARunnerAndEveryRunnerIsInTheTable() {
        var leaves: [[String]] = []
        func walk(_ command: CommandSpec, _ path: [String]) {
            for sub in command.subcommands { walk(sub, path + [sub.name]) }
            if command.isRunnable && !path.isEmpty { leaves.append(path) }
        }
        walk(CommandTable.root, [])
        // Sorted lists, not sets: a path listed twice in the table is caught too.
        func names(_ paths: [[String]]) -> [String] { paths.map { $0.joined(separator: " ") }.sorted() }
        XCTAssertEqual(names(CommandTable.entries.filter { $0.runner != nil }.map(\.path)), names(leaves))
        for path in leaves { XCTAssertNotNil(CommandTable.command(at: path), path.joined(separator: " ")) }
        XCTAssertNil(CommandTable.command(at: ["user"]))
    }
}
