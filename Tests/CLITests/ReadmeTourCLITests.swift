import Foundation
import SLPTestSupport
import XCTest

/// README's examples, run as a new user runs them: each `sh` block of `$` lines, top to bottom, in
/// `/bin/sh` with `set -e` and the built `slp` first on the PATH, on a fresh store of every backend.
/// The tour's printed output must be what README shows (uids are random, so README's are mapped to
/// the real ones by the `echo` that prints them); every other example must succeed.
final class ReadmeTourCLITests: XCTestCase {
    /// One `sh` block: each `$` command line with the output README shows under it.
    struct Block {
        var heading: String
        var steps: [(command: String, expected: String)]
    }

    static func blocks() throws -> [Block] {
        var directory = URL(fileURLWithPath: #filePath)
        var readme = ""
        while directory.path != "/" {
            directory.deleteLastPathComponent()
            if let text = try? String(contentsOf: directory.appendingPathComponent("README.md"), encoding: .utf8) {
                readme = text
                break
            }
        }
        var blocks: [Block] = []
        var heading = "", current: Block?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("## ") { heading = line }
            if line == "```sh" {
                current = Block(heading: heading, steps: [])
            } else if line == "```", let block = current {
                if !block.steps.isEmpty { blocks.append(block) }
                current = nil
            } else if current != nil {
                if line.hasPrefix("$ ") {
                    current?.steps.append((String(line.dropFirst(2)), ""))
                } else if let count = current?.steps.count, count > 0 {
                    current?.steps[count - 1].expected += line + "\n"
                }
            }
        }
        return blocks
    }

    /// Runs `block` as README's reader does (`DocShell`): each step's output, the whole stderr and
    /// the exit status.
    private func run(_ block: Block, database: String?, in directory: TemporaryDirectory) throws -> (outputs: [String], stderr: String, status: Int32) {
        let commands = block.steps.map { step in
            // Another backend: its fresh store instead of the file README makes.
            if let database, step.command.hasPrefix("export SLP_DB=") { return "export SLP_DB='\(database)'" }
            return step.command
        }
        return try DocShell.run(commands, environment: ["SLP_NOW": "2026-11-22T00:42:27.886Z"], in: directory)
    }

    func testTheTourPrintsWhatTheReadmeSays() throws {
        let tour = try XCTUnwrap(Self.blocks().first { $0.heading == "## A five-minute tour" })
        XCTAssertGreaterThan(tour.steps.count, 8)
        TestBackend.each(self) { backend, database, directory in
            let result = try run(tour, database: backend == .sqlite ? nil : database, in: directory)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stderr, "")
            XCTAssertEqual(result.outputs.count, tour.steps.count, "every step ran")
            var uids: [String: String] = [:]
            for (step, output) in zip(tour.steps, result.outputs) {
                var expected = step.expected
                while expected.hasSuffix("\n\n") { expected.removeLast() }
                // `echo "$jiwoo $minho"`: README's uids are these.
                if step.command.hasPrefix("echo ") {
                    for (shown, real) in zip(expected.split(separator: " "), output.split(separator: " ")) {
                        uids[shown.trimmingCharacters(in: .newlines)] = real.trimmingCharacters(in: .newlines)
                    }
                }
                for (shown, real) in uids { expected = expected.replacingOccurrences(of: shown, with: real) }
                XCTAssertEqual(output, expected, step.command)
            }
            XCTAssertEqual(uids.count, 2)
        }
    }

    func testEveryOtherExampleRunsAsShown() throws {
        // The other blocks run on, in order, in one shell: the API's goes on from the commands'.
        let others = try Self.blocks().filter { $0.heading != "## A five-minute tour" }
        XCTAssertEqual(others.map(\.heading), ["## Commands", "## SLP's apps over HTTP", "## In a browser"])
        let examples = Block(heading: "", steps: others.flatMap(\.steps))
        XCTAssertGreaterThan(examples.steps.count, 30)
        for step in examples.steps {
            XCTAssertFalse(step.command.contains("<") || step.command.contains("UID") || step.command.contains("..."), "a placeholder: \(step.command)")
        }
        let api = try XCTUnwrap(others.first { $0.heading == "## SLP's apps over HTTP" })
        TestBackend.each(self) { backend, database, directory in
            // The API's block alone first, on the fresh store a new reader has (on SQLite, the
            // default path under HOME): it must not lean on the commands' users.
            var alone = api
            if backend != .sqlite { alone.steps.insert(("export SLP_DB='\(try backend.freshStore(in: directory))'", ""), at: 0) }
            let first = try run(alone, database: nil, in: directory)
            XCTAssertEqual(first.status, 0, first.stderr)
            XCTAssertEqual(first.outputs.count, alone.steps.count, "every step ran alone: \(first.stderr)")
            for (step, output) in zip(alone.steps, first.outputs) where step.command.hasPrefix("curl ") {
                XCTAssertFalse(output.contains("\"error\""), "on a fresh database: \(step.command)\n\(output)")
            }
            XCTAssertTrue(first.outputs.contains { $0.contains("\"status\":\"waiting\"") }, "queued on a fresh database")
            let result = try run(examples, database: backend == .sqlite ? nil : database, in: directory)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.outputs.count, examples.steps.count, "every step ran: \(result.stderr)")
            // The refusals README shows on purpose: nobody asks within the second waited; on
            // PostgreSQL, `backup` names pg_dump instead.
            let pgDump = "Error: slp backup copies a SQLite file; back up a PostgreSQL database with pg_dump: "
                + "pg_dump --format=custom --file=slp.dump \"$SLP_DB\"\n"
            XCTAssertEqual(result.stderr, "Error: no match within 1 s\n" + (backend == .sqlite ? "" : pgDump))
            for (step, output) in zip(examples.steps, result.outputs) where step.command.contains("# already sent") {
                XCTAssertTrue(output.hasPrefix("Already sent: "), output)
            }
            // The web client's sign-in link: serve's default address, the token in the fragment.
            for (step, output) in zip(examples.steps, result.outputs) where step.command.contains("--link") {
                XCTAssertTrue(output.hasPrefix("http://127.0.0.1:1210/#token=ey"), output)
            }
            XCTAssertTrue(examples.steps.contains { $0.command.contains("--link") }, "README shows the link")
        }
    }
}
