import XCTest

@testable import SLPCommandLine
@testable import slp

final class ArgumentParserTests: XCTestCase {
    private let parser = CommandTable.parser

    private func parse(_ line: String...) throws -> Invocation { try parser.parse(line) }

    private func usageError(_ line: String...) -> UsageError? {
        do {
            _ = try parser.parse(line)
            return nil
        } catch {
            return error
        }
    }

    func testGlobalOptionsBeforeOrAfterCommandWordsAreTheSame() throws {
        let before = try parse("--json", "--as", "U1", "user", "show")
        let after = try parse("user", "show", "--json", "--as", "U1")
        let between = try parse("user", "--json", "show", "--as=U1")
        XCTAssertEqual(before, after)
        XCTAssertEqual(before, between)
        XCTAssertEqual(before.path, ["user", "show"])
        XCTAssertNil(before[GlobalOptions.database])
        XCTAssertEqual(before[GlobalOptions.actingUser], "U1")
        XCTAssertTrue(before[GlobalOptions.json])
    }

    func testInlineValuesAndNegativeNumbers() throws {
        let invocation = try parse("user", "update", "--age-min=20", "--age-max", "-3", "--study=a=b")
        XCTAssertEqual(try invocation[UserUpdateCommand.ageMin], 20)
        XCTAssertEqual(try invocation[UserUpdateCommand.ageMax], -3)
        XCTAssertEqual(invocation[UserUpdateCommand.study], "a=b")
    }

    /// Found by slp-fuzz-arguments: `=` and a combining mark after it are one character.
    func testInlineValueMayBeginWithACombiningMark() throws {
        let invocation = try parse("user", "update", "--study=\u{301}x", "--age-min=\u{651}٠")
        XCTAssertEqual(invocation[UserUpdateCommand.study], "\u{301}x")
        XCTAssertEqual(invocation.values["age-min"], ["\u{651}٠"])
        XCTAssertThrowsError(try invocation[UserUpdateCommand.ageMin]) { error in
            XCTAssertEqual(error as? UsageError, UsageError(message: "--age-min: '\u{651}٠' is not a whole number", code: "invalid_value"))
        }
        XCTAssertEqual(usageError("user", "update", "--stduy=\u{301}x"), UsageError(
            message: "Unknown option '--stduy'. Did you mean '--study'?", commandPath: ["user", "update"]))
    }

    func testDoubleDashEndsOptions() throws {
        let invocation = try parse("user", "show", "--", "--json")
        XCTAssertEqual(invocation.arguments, ["--json"])
        XCTAssertFalse(invocation[GlobalOptions.json])
    }

    func testLastValueWinsForSingleValueOptions() throws {
        XCTAssertEqual(try parse("user", "update", "--study", "a", "--study", "b")[UserUpdateCommand.study], "b")
        XCTAssertEqual(try parse("user", "update", "--age-min", "x", "--age-min", "30")[UserUpdateCommand.ageMin], 30)
    }

    func testUnknownOptionSuggestsTheClosest() {
        XCTAssertEqual(
            usageError("register", "--nik", "x"),
            UsageError(message: "Unknown option '--nik'. Did you mean '--nick'?", commandPath: ["register"]))
        XCTAssertEqual(usageError("user", "show", "-x"), UsageError(message: "Unknown option '-x'", commandPath: ["user", "show"]))
    }

    func testUnknownSubcommandSuggestsTheClosest() {
        XCTAssertEqual(usageError("usr"), UsageError(message: "Unknown subcommand 'usr'. Did you mean 'user'?", commandPath: []))
        XCTAssertEqual(
            usageError("user", "shwo"),
            UsageError(message: "Unknown subcommand 'shwo'. Did you mean 'show'?", commandPath: ["user"]))
        XCTAssertEqual(usageError("zzzzzz"), UsageError(message: "Unknown subcommand 'zzzzzz'", commandPath: []))
    }

    func testTokensInErrorsAreQuotedOnOneLine() {
        XCTAssertEqual(usageError("foo\nbar"), UsageError(message: "Unknown subcommand 'foo\u{FFFD}bar'", commandPath: []))
        XCTAssertEqual(
            usageError("user", "show", "--x\r\ny=1"),
            UsageError(message: "Unknown option '--x\u{FFFD}\u{FFFD}y'", commandPath: ["user", "show"]))
        XCTAssertEqual(usageError("user", "show", "-\u{7}"), UsageError(message: "Unknown option '-\u{FFFD}'", commandPath: ["user", "show"]))
        XCTAssertEqual(
            usageError("user", "show", "A", "B\u{2028}\u{2029}\u{85}C"),
            UsageError(message: "Unexpected argument 'B\u{FFFD}\u{FFFD}\u{FFFD}C'", commandPath: ["user", "show"]))
        let long = String(repeating: "é", count: 41)
        XCTAssertEqual(
            usageError(long), UsageError(message: "Unknown subcommand '\(String(repeating: "é", count: 40))…'", commandPath: []))
    }

    func testMissingValueAndMissingRequiredOption() {
        XCTAssertEqual(
            usageError("user", "update", "--study"),
            UsageError(message: "Missing value for '--study <text>'", commandPath: ["user", "update"]))
        XCTAssertEqual(
            usageError("user", "update", "--study", "--json"),
            UsageError(message: "Missing value for '--study <text>'", commandPath: ["user", "update"]))
        XCTAssertEqual(
            usageError("register", "--phone", "01012345678"),
            UsageError(message: "Missing expected argument '--nick <nick>'", commandPath: ["register"]))
    }

    func testFlagsRefuseValuesAndExtraArgumentsAreRefused() {
        XCTAssertEqual(
            usageError("user", "show", "--json=yes"),
            UsageError(message: "Flag '--json' does not take a value", commandPath: ["user", "show"]))
        XCTAssertEqual(
            usageError("user", "show", "A", "B"),
            UsageError(message: "Unexpected argument 'B'", commandPath: ["user", "show"]))
    }

    func testOnlyTwoDashesIntroduceALongOption() {
        XCTAssertEqual(
            usageError("user", "show", "---json"),
            UsageError(message: "Unknown option '---json'. Did you mean '--json'?", commandPath: ["user", "show"]))
    }

    /// The engine on a table of its own: short aliases of value options, global options with
    /// short names and repeats, a global that shadows a command option.
    func testShortAliasesAndRepeatedGlobalsOnAnotherTable() throws {
        let root = CommandSpec(
            name: "tool", abstract: "A tool.",
            subcommands: [
                CommandSpec(
                    name: "run", abstract: "Run.",
                    options: [.value("count", short: "n", "n", "Count."), .flag("force", short: "f", "Force."), .value("db", "x", "Shadowed.")],
                    arguments: [ArgumentSpec(name: "item", help: "Item.")]),
            ])
        let parser = ArgumentParser(root: root, globalOptions: [.repeating("define", short: "D", "kv", "Define."), .value("db", "path", "DB.")])
        let invocation = try parser.parse(["-D", "a=1", "run", "-n", "-3", "-f", "--define=b=2", "--db", "x.db", "item"])
        XCTAssertEqual(invocation, Invocation(
            path: ["run"], values: ["define": ["a=1", "b=2"], "count": ["-3"], "db": ["x.db"]], flags: ["force"], arguments: ["item"]))
        XCTAssertThrowsError(try parser.parse(["run", "-n"])) { error in
            XCTAssertEqual(error as? UsageError, UsageError(message: "Missing value for '--count <n>'", commandPath: ["run"]))
        }
        XCTAssertThrowsError(try parser.parse(["run", "-nf", "item"])) { error in
            XCTAssertEqual(error as? UsageError, UsageError(message: "Unknown option '-nf'", commandPath: ["run"]))
        }
        XCTAssertThrowsError(try parser.parse(["run", "-f=1", "item"])) { error in
            XCTAssertEqual(error as? UsageError, UsageError(message: "Unknown option '-f=1'", commandPath: ["run"]))
        }
        let help = HelpFormatter(for: parser).help(for: ["run"], command: try XCTUnwrap(parser.command(at: ["run"])))
        XCTAssertTrue(help.contains("\nUSAGE: tool run [--count <n>] [--force] [--db <x>] <item>\n"), help)
        XCTAssertTrue(help.contains("\nGLOBAL OPTIONS:\n  -D, --define <kv>       Define.\n"), help)
    }

    func testHelpAndVersionWinOverMissingArguments() throws {
        XCTAssertTrue(try parse("register", "-h").help)
        XCTAssertTrue(try parse("register", "--help").help)
        XCTAssertTrue(try parse("--version").version)
    }
}
