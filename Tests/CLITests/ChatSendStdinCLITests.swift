import Foundation
import XCTest

/// `chat send` from standard input: who I am and my match are checked before anything is read,
/// blank lines are skipped and every other line is sent, on every backend.
final class ChatSendStdinCLITests: XCTestCase {
    func testBlankLinesAreSkippedAndEveryOtherLineIsSent() {
        TestBackend.each(self) { _, database, _ in
            let people = Scenario(database: database)
            let a = try people.register("010-6000-0001", "에이")
            let b = try people.register("010-6000-0002", "비")
            try people.match(a, b)
            let sent = try people.run("chat", "send", "--as", a, stdin: "a\nb\n\n   \n\t\nc\r\n\r\nd")
            XCTAssertEqual(sent.status, 0, sent.stderr)
            XCTAssertEqual(sent.stdout, String(repeating: "Sent at 2026-11-21T09:30:00.000Z.\n", count: 1)
                + "Sent at 2026-11-21T09:30:00.001Z.\nSent at 2026-11-21T09:30:00.002Z.\nSent at 2026-11-21T09:30:00.003Z.\n")
            let listed = try people.run("--json", "chat", "list", "--as", b).jsonObject()
            let texts = (listed["payload"] as? [[String: Any]])?.compactMap { $0["chat"] as? String }
            XCTAssertEqual(texts, ["a", "b", "c", "d"])

            // JSON: one document of every message stored.
            let json = try people.run("--json", "chat", "send", "--as", b, stdin: "\n\nx\n\n")
            XCTAssertEqual(json.status, 0, json.stderr)
            XCTAssertEqual((try json.jsonObject()["payload"] as? [[String: Any]])?.compactMap { $0["chat"] as? String }, ["x"])

            // Only blank lines: nothing sent, and that is fine.
            let blank = try people.run("chat", "send", "--as", a, stdin: "\n \n")
            XCTAssertEqual(blank, .init(stdout: "", stderr: "", status: 0))
        }
    }

    func testWhoIAmAndMyMatchAreCheckedBeforeReading() {
        TestBackend.each(self) { _, database, _ in
            let people = Scenario(database: database)
            let alone = try people.register("010-6000-0011", "혼자")
            // Empty input does not make a missing user or match fine.
            let nobody = try people.run("--json", "chat", "send", "--as", "010-6000-0099", stdin: "")
            try Scenario.assertRefused(nobody, "not_registered", 406)
            let unmatched = try people.run("--json", "chat", "send", "--as", alone, stdin: "")
            try Scenario.assertRefused(unmatched, "not_matched", nil)
            XCTAssertEqual(unmatched.errorLines, ["Error: you have no match to send a message to"])

            // Input that never ends is never read: the refusal comes at once.
            let waiting = try BackgroundSLP(people.slp, ["chat", "send", "--as", alone], keepingStandardInputOpen: true)
            XCTAssertEqual(waiting.exit(within: PseudoTerminal.patience), 1, "it waited for input before checking")
            XCTAssertEqual(waiting.stderr, "Error: you have no match to send a message to\n")

            // A match that has ended: study_ended, before reading too.
            let a = try people.register("010-6000-0012", "에이")
            let b = try people.register("010-6000-0013", "비")
            try people.match(a, b)
            XCTAssertEqual(try people.run("match", "dodge", "--as", b).status, 0)
            let ended = try BackgroundSLP(people.slp, ["--json", "chat", "send", "--as", a], keepingStandardInputOpen: true)
            XCTAssertEqual(ended.exit(within: PseudoTerminal.patience), 1)
            XCTAssertTrue(ended.stderr.contains(#""code":"study_ended","status":201"#), ended.stderr)
        }
    }

    func testTheFirstLineRefusedEndsItAndWhatWasStoredBeforeItIsReported() {
        TestBackend.each(self) { _, database, _ in
            let people = Scenario(database: database)
            let a = try people.register("010-6000-0021", "에이")
            let b = try people.register("010-6000-0022", "비")
            try people.match(a, b)
            let tooLong = String(repeating: "가", count: 1_001)
            let json = try people.run("--json", "chat", "send", "--as", a, stdin: "one\n\(tooLong)\nnever\n")
            XCTAssertEqual(json.status, 64, json.stderr)
            XCTAssertEqual((try json.jsonObject()["payload"] as? [[String: Any]])?.compactMap { $0["chat"] as? String }, ["one"])
            XCTAssertTrue(json.stderr.contains(#""code":"invalid_message""#), json.stderr)

            let text = try people.run("chat", "send", "--as", a, stdin: "two\n\(tooLong)\nnever\n")
            XCTAssertEqual(text.status, 64)
            XCTAssertEqual(text.stdout, "Sent at 2026-11-21T09:30:00.001Z.\n")
            XCTAssertEqual(text.errorLines, ["Error: a message has 1 to 1000 characters (got 1001)"])

            let listed = try people.run("--json", "chat", "list", "--as", b).jsonObject()
            XCTAssertEqual((listed["payload"] as? [[String: Any]])?.compactMap { $0["chat"] as? String }, ["one", "two"])
        }
    }
}
