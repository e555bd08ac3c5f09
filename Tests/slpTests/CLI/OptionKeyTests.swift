import SLPDomain
import SLPTestSupport
import XCTest

@testable import SLPCommandLine
@testable import slp

/// Typed keys on a table built from them: each read gives its type, absent or present, and a
/// value of the wrong syntax is refused with the message `ValueSyntax` gives.
final class OptionKeyTests: XCTestCase {
    private static let count = OptionKey("count", short: "n", "n", "A whole number.", as: .integer)
    private static let ratio = OptionKey("ratio", "x", "A decimal number.", as: .decimal)
    private static let day = OptionKey(required: "day", "yyyy-mm-dd", "A date.", as: .date)
    private static let name = OptionKey(required: "name", "text", "Text.", choices: ["a", "b"], as: .text)
    private static let enabled = OptionKey("enabled", "on|off", "A toggle.", as: .toggle)
    private static let tags = OptionKey(repeating: "tag", "tag", "Repeatable.", as: .text)
    private static let sizes = OptionKey(repeating: "size", "n", "Repeatable numbers.", as: .integer)
    private static let force = OptionKey(flag: "force", short: "f", "A flag.")
    private static let since = OptionKey("since", "time", "A time.", as: .time)
    private static let center = OptionKey("center", "lat,long", "A pair.", as: .latitudeLongitude)

    private static let parser = ArgumentParser(root: CommandSpec(
        name: "tool", abstract: "A tool.",
        subcommands: [CommandSpec(
            name: "run", abstract: "Run.",
            options: [
                count.spec, ratio.spec, day.spec, name.spec, enabled.spec, tags.spec, sizes.spec, force.spec, since.spec, center.spec,
            ])]))

    private func parse(_ arguments: String...) throws -> Invocation { try Self.parser.parse(["run"] + arguments) }

    private func assertRefused<Value>(
        _ read: @autoclosure () throws -> Value, _ message: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try read(), file: file, line: line) { error in
            XCTAssertEqual(error as? UsageError, UsageError(message: message, code: "invalid_value"), file: file, line: line)
        }
    }

    func testSpecsCarryWhatTheKeysDeclare() {
        XCTAssertEqual(Self.count.spec, .value("count", short: "n", "n", "A whole number."))
        XCTAssertEqual(Self.day.spec, .value("day", "yyyy-mm-dd", "A date.", required: true))
        XCTAssertEqual(Self.name.spec, .value("name", "text", "Text.", required: true, choices: ["a", "b"]))
        XCTAssertEqual(Self.tags.spec, .repeating("tag", "tag", "Repeatable."))
        XCTAssertEqual(Self.force.spec, .flag("force", short: "f", "A flag."))
    }

    func testEachKeyReadsItsTypeAndTheLastValueWins() throws {
        let invocation = try parse(
            "--day", "2024-02-29", "--name", "a", "-n", "-3", "--count=7", "--ratio", "-.5", "--enabled", "OFF", "--tag", "x",
            "--tag", "y z", "--size", "1", "--size", "2", "-f", "--since", "2026-11-21T09:30:00.000Z", "--center", "-33.87,151.21")
        XCTAssertEqual(try invocation[Self.count], 7)
        XCTAssertEqual(try invocation[Self.ratio], -0.5)
        XCTAssertEqual(try invocation[Self.day], try CalendarDate(year: 2024, month: 2, day: 29))
        XCTAssertEqual(try invocation[Self.name], "a")
        XCTAssertEqual(try invocation[Self.enabled], false)
        XCTAssertEqual(invocation[Self.tags], ["x", "y z"])
        XCTAssertEqual(try invocation[Self.sizes], [1, 2])
        XCTAssertTrue(invocation[Self.force])
        XCTAssertEqual(try invocation[Self.since], testNow)
        let center = try XCTUnwrap(try invocation[Self.center])
        XCTAssertEqual([center.latitude, center.longitude], [-33.87, 151.21])
    }

    func testAbsentOptionsReadAsNothing() throws {
        let invocation = try parse("--day", "2024-02-29", "--name", "b")
        XCTAssertNil(try invocation[Self.count])
        XCTAssertNil(try invocation[Self.ratio])
        XCTAssertNil(try invocation[Self.enabled])
        XCTAssertEqual(invocation[Self.tags], [])
        XCTAssertEqual(try invocation[Self.sizes], [])
        XCTAssertFalse(invocation[Self.force])
        XCTAssertNil(try invocation[Self.since])
        XCTAssertNil(try invocation[Self.center])
    }

    func testAValueOfTheWrongSyntaxIsRefusedAsValueSyntaxSaysIt() throws {
        let invocation = try parse(
            "--day", "2023-02-29", "--name", "a", "--count", "1.5", "--ratio", "nan", "--enabled", "maybe", "--size", "1", "--size", "x",
            "--since", "yesterday", "--center", "1;2")
        assertRefused(try invocation[Self.day], "--day: '2023-02-29' is not a date (YYYY-MM-DD)")
        assertRefused(try invocation[Self.count], "--count: '1.5' is not a whole number")
        assertRefused(try invocation[Self.ratio], "--ratio: 'nan' is not a finite decimal number")
        assertRefused(try invocation[Self.enabled], "--enabled: 'maybe' is not on or off")
        assertRefused(try invocation[Self.sizes], "--size: 'x' is not a whole number")
        assertRefused(try invocation[Self.since], "--since: 'yesterday' is not an ISO 8601 time")
        assertRefused(try invocation[Self.center], "--center: '1;2' is not LAT,LONG")
        assertRefused(try parse("--day", "2024-02-29", "--name", "a", "--center", "1,x")[Self.center], "--center: 'x' is not a finite decimal number")
    }

    func testARequiredOptionMissingFromAnInvocationIsTheParsersRefusal() {
        XCTAssertThrowsError(try parse("--name", "a")) { error in
            XCTAssertEqual(error as? UsageError, UsageError(message: "Missing expected argument '--day <yyyy-mm-dd>'", commandPath: ["run"]))
        }
        // An invocation made otherwise than by this table's parser gets the same refusal.
        XCTAssertThrowsError(try Invocation(path: ["run"])[Self.day]) { error in
            XCTAssertEqual(error as? UsageError, UsageError(message: "Missing expected argument '--day <yyyy-mm-dd>'", commandPath: ["run"]))
        }
    }
}
