import Foundation
import SLPDomain
import XCTest

@testable import SLPCommandLine
@testable import slp

/// `user update`, `shop wear` and `match review` given nothing to do are usage errors naming
/// the options, found by the command before any use case runs: the database is never even
/// opened (which, with no database there, would answer `no_database` instead).
@MainActor
final class NothingChosenCommandTests: XCTestCase {
    private var directory: URL!
    private var databasePath: String { directory.appendingPathComponent("slp.sqlite").path }

    override func setUp() async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("slp-nothing-chosen-\(UUID().uuidString)")
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func run(_ arguments: String...) async -> Output {
        await CommandTable.run(ProcessEnvironment(
            arguments: arguments + ["--db", databasePath, "--as", "U1"], currentDirectory: "/", stdoutIsTerminal: false,
            hidden: ["SLP_DB", "SLP_USER", "SLP_NOW"]))
    }

    func testARunThatReachesAUseCaseOpensTheDatabase() async {
        let opened = await run("user", "update", "--searchable", "on")
        XCTAssertEqual(opened, Output(stdout: "", stderr: "Error: no slp database at \(databasePath)\n", exitCode: .ioError),
                       "the probe the other tests rely on")
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath), "a command that acts for a user never creates the database")
    }

    func testUserUpdateWithoutAFieldNamesTheOptions() async {
        let output = await run("--json", "user", "update")
        XCTAssertEqual(output, Output(stdout: "", stderr: """
            Error: give at least one of --searchable, --age-min, --age-max, --gender, --study
            Usage: slp user update [--searchable <on|off>] [--age-min <age>] [--age-max <age>] [--gender <gender>] [--study <text>]
              See 'slp user update --help' for more information.
            {"error":{"code":"nothing_to_update","status":null,"message":"give at least one of --searchable, --age-min, --age-max, --gender, --study"}}

            """, exitCode: .usage))
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath))
    }

    func testShopWearWithNeitherItemNamesTheOptions() async {
        let output = await run("shop", "wear")
        XCTAssertEqual(output, Output(stdout: "", stderr: """
            Error: give --sesac N, --background N or both
            Usage: slp shop wear [--sesac <n>] [--background <n>]
              See 'slp shop wear --help' for more information.

            """, exitCode: .usage))
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath))
    }

    func testMatchReviewWithoutATitleNamesTheTitles() async {
        let output = await run("--json", "match", "review", "U2", "--comment", "좋았어요")
        XCTAssertEqual(output.exitCode, .usage)
        XCTAssertEqual(output.stderr, """
            Error: choose at least one title: --good-manners, --punctual, --quick-reply, --kind, --skilled, --helpful
            Usage: slp match review [--good-manners] [--punctual] [--quick-reply] [--kind] [--skilled] [--helpful] [--comment <text>] <uid>
              See 'slp match review --help' for more information.
            {"error":{"code":"no_title","status":null,"message":"choose at least one title: --good-manners, --punctual, --quick-reply, --kind, --skilled, --helpful"}}

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath))
    }
}
