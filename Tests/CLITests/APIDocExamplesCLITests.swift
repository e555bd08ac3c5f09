import Foundation
import SLPTestSupport
import XCTest

/// docs/API.md's walk-through, run as a reader runs it: every `sh` block, top to bottom, each line
/// a command, in one `/bin/sh` with `set -e` and the built `slp` first on the PATH, on a fresh store
/// of every backend. A line whose comment says `# → 406 not_registered` must answer that refusal;
/// every other `curl` must answer a result (JSON without `error`). Its `python` blocks run too
/// (python-socketio clients), each against a serve of its own test.
final class APIDocExamplesCLITests: XCTestCase {
    /// One command line of the doc and the refusal its comment promises, if any.
    struct Step {
        var command: String
        var refusal: (status: Int, code: String)?
    }

    /// docs/API.md's fenced blocks in order: each one's language (`sh`, `python`, `json`, …) and lines.
    static func blocks() throws -> [(language: String, lines: [String])] {
        let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/API.md")
        var blocks: [(language: String, lines: [String])] = [], inBlock = false
        for line in try String(contentsOf: doc, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            // A block inside a list item is indented like the item's text.
            let fence = line.drop { $0 == " " }
            if fence.hasPrefix("```") {
                if !inBlock { blocks.append((String(fence.dropFirst(3)), [])) }
                inBlock.toggle()
            } else if inBlock {
                blocks[blocks.count - 1].lines.append(line)
            }
        }
        return blocks
    }

    static func steps() throws -> [Step] {
        try blocks().filter { $0.language == "sh" }.flatMap(\.lines).map { line in
            var step = Step(command: line)
            if let arrow = line.range(of: "# → ") {
                let words = line[arrow.upperBound...].split(separator: " ")
                if words.count >= 2, let status = Int(words[0]) { step.refusal = (status, String(words[1])) }
            }
            return step
        }
    }

    /// What the tests here do not run: the iOS illustration (it needs socket.io-client-swift and
    /// an app) and the shapes of JSON answers; any other block is run.
    func testTheOnlyBlocksNotRunAreTheSwiftIllustrationAndJSONShapes() throws {
        let notRun = try Self.blocks().map(\.language).filter { $0 != "sh" && $0 != "python" }
        XCTAssertEqual(notRun.filter { $0 == "swift" }.count, 1, "\(notRun)")
        XCTAssertEqual(notRun.filter { $0 != "swift" && $0 != "json" }, [], "a block no test runs")
    }

    /// The doc's two python-socketio examples, run as written with what a reader fills in
    /// (`TOKEN`, `MY_UID`, the port) and, for `sio.wait()`, a bounded wait for one `chat` the
    /// partner posts: the client with the `idtoken` header (polling upgraded to WebSocket), and
    /// the same client with the browser's `connect` line (the token in CONNECT's `auth`, WebSocket
    /// alone), each print the message.
    func testThePythonExamplesPrintTheChatTheirPartnerSends() throws {
        let python = try Self.blocks().filter { $0.language == "python" }.map(\.lines)
        XCTAssertEqual(python.count, 2)
        let client = try XCTUnwrap(python.first), browserConnect = try XCTUnwrap(python.last)
        XCTAssertEqual(client.last, "sio.wait()")
        XCTAssertEqual(browserConnect.count, 1)
        let connect = try XCTUnwrap(client.firstIndex { $0.hasPrefix("sio.connect(") })
        var browser = client
        browser[connect] = browserConnect[0]
        TestBackend.each(self) { _, database, directory in
            let slp = SLPBinary(database: database)
            let server = try ServedSLP(slp)
            let (me, partner) = try APIPerson.matched(slp, server.client, block: 5310, 0)
            for (name, program) in [("header", client), ("auth", browser)] {
                let text = "from-the-doc-\(name)"
                let script =
                    ["TOKEN = \"\(me.token)\"", "MY_UID = \"\(me.uid)\""]
                    + program.dropLast().map { $0.replacingOccurrences(of: "1210", with: String(server.port)) }
                    + Self.oneChat(port: server.port, from: partner.token, text: text)
                let outcome = try TimedProcess.run(
                    ["/usr/bin/env", "python3", "-c", script.joined(separator: "\n")], environment: ProcessInfo.processInfo.environment,
                    currentDirectory: directory.url.path)
                let printed = String(decoding: outcome.stdout, as: UTF8.self)
                XCTAssertEqual(outcome.status, 0, "\(name): \(String(decoding: outcome.stderr, as: UTF8.self))")
                XCTAssertTrue(printed.contains("'chat': '\(text)'") && printed.contains("'from': '\(partner.uid)'"), "\(name): \(printed)")
            }
            XCTAssertEqual(server.stop(), 0)
        }
    }

    /// In place of `sio.wait()`: the partner posts `text` to `MY_UID`, and the client waits (a
    /// bound a slow machine meets) until its `chat` handler has run, then leaves; exit 1 if it never ran.
    static func oneChat(port: Int, from partnerToken: String, text: String) -> [String] {
        [
            "import sys, threading, urllib.request",
            "arrived, shown = threading.Event(), sio.handlers[\"/\"][\"chat\"]",
            "sio.handlers[\"/\"][\"chat\"] = lambda message: (shown(message), arrived.set())",
            "urllib.request.urlopen(urllib.request.Request(\"http://127.0.0.1:\(port)/v1/chat/\" + MY_UID, data=b\"chat=\(text)\",",
            "    headers={\"idtoken\": \"\(partnerToken)\", \"Content-Type\": \"application/x-www-form-urlencoded\"}))",
            "arrived.wait(\(Int(SLPBinary.patience) / 2))",
            "sio.disconnect()",
            "sys.exit(0 if arrived.is_set() else 1)",
        ]
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
