import Foundation
import SLPTestSupport
import XCTest

/// docs/API.md's walk-through, run as a reader runs it: every `sh` block, top to bottom, each line
/// a command, in one `/bin/sh` with `set -e` and the built `slp` first on the PATH, on a fresh store
/// of every backend. A line whose comment says `# → 406 not_registered` must answer that refusal;
/// every other `curl` must answer a result (JSON without `error`).
final class APIDocExamplesCLITests: XCTestCase {
    /// One command line of the doc and the refusal its comment promises, if any.
    struct Step {
        var command: String
        var refusal: (status: Int, code: String)?
    }

    static func steps() throws -> [Step] {
        let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/API.md")
        var steps: [Step] = [], inShell = false
        for line in try String(contentsOf: doc, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                inShell = line == "```sh"
            } else if inShell {
                var step = Step(command: line)
                if let arrow = line.range(of: "# → ") {
                    let words = line[arrow.upperBound...].split(separator: " ")
                    if words.count >= 2, let status = Int(words[0]) { step.refusal = (status, String(words[1])) }
                }
                steps.append(step)
            }
        }
        return steps
    }

    func testEveryExampleAnswersAsTheDocSays() throws {
        let steps = try Self.steps()
        XCTAssertGreaterThan(steps.count, 30)
        XCTAssertEqual(steps.filter { $0.refusal != nil }.count, 6, "the refusals the doc shows on purpose")
        XCTAssertTrue(steps.last?.command.hasPrefix("kill ") == true, "the walk-through stops serve at its end")
        TestBackend.each(self) { backend, database, directory in
            // The doc's port may be taken on a shared machine: the same walk-through on a free one.
            let port = String(try HTTPTestClient.freePort())
            let commands = steps.map { step in
                let command = step.command.replacingOccurrences(of: "1210", with: port)
                return backend != .sqlite && command.hasPrefix("export SLP_DB=") ? "export SLP_DB='\(database)'" : command
            }
            let (outputs, stderr, status) = try DocShell.run(commands, in: directory)
            XCTAssertEqual(status, 0, stderr)
            XCTAssertEqual(stderr, "")
            XCTAssertEqual(outputs.count, steps.count, "every step ran")
            for (step, output) in zip(steps, outputs) {
                if let refusal = step.refusal {
                    XCTAssertTrue(output.hasPrefix("{\"error\":{\"code\":\"\(refusal.code)\",\"status\":\(refusal.status),"), "\(step.command)\n\(output)")
                } else if step.command.hasPrefix("curl ") {
                    XCTAssertTrue(output.hasPrefix("{") || output.hasPrefix("["), "\(step.command)\n\(output)")
                    XCTAssertFalse(output.contains("\"error\""), "\(step.command)\n\(output)")
                } else {
                    XCTAssertEqual(output, "", step.command)
                }
            }
        }
    }
}
