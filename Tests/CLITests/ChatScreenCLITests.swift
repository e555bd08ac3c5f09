import Foundation
import XCTest

/// `slp chat` in a real terminal (tmux): typing in Korean with Backspace by whole syllables,
/// Enter storing the line, the partner's messages appearing while the line being typed stays as
/// it is, resizing, scrolling back through the whole conversation, leaving, and the screen
/// staying with its draft and a reason when the match ends; off a terminal it is `chat follow`.
/// On every backend.
final class ChatScreenCLITests: XCTestCase {
    private var slp: SLPBinary!
    private var a = "", b = ""

    /// Runs `body` on a fresh store of each backend where a (에이) and b (비) are partners.
    private func onEachBackend(_ body: () throws -> Void) {
        TestBackend.each(self) { _, database, _ in
            slp = SLPBinary(database: database)
            func register(_ phone: String, _ nick: String) throws -> String {
                let result = try slp.run(["register", "--phone", phone, "--nick", nick, "--birth", "1995-05-05", "--email", "x@example.com", "--gender", "male"])
                XCTAssertEqual(result.status, 0, result.stderr)
                return result.stdout.trimmingCharacters(in: .newlines)
            }
            a = try register("010-7100-0001", "에이")
            b = try register("010-7100-0002", "비")
            for uid in [a, b] { XCTAssertEqual(try slp.run("queue", "--as", uid, "--lat", "37.5", "--long", "127").status, 0) }
            XCTAssertEqual(try slp.run("match", "request", b, "--as", a).status, 0)
            XCTAssertEqual(try slp.run("match", "accept", a, "--as", b).status, 0)
            try body()
        }
    }

    /// The texts of the conversation, oldest first, as `chat list --json` gives them.
    private func stored() throws -> [String] {
        let result = try slp.run("--json", "chat", "list", "--as", b)
        return (try result.jsonObject()["payload"] as? [[String: Any]] ?? []).compactMap { $0["chat"] as? String }
    }

    /// Waits until `condition` holds on what is stored (a deadline a slow machine meets).
    private func waitForStored(_ condition: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(SLPBinary.patience)
        var texts = try stored()
        while !condition(texts) && Date() < deadline {
            usleep(20_000)
            texts = try stored()
        }
        return texts
    }

    func testTypingSendingReceivingResizingAndTheEndOfTheMatch() {
        onEachBackend {
            XCTAssertEqual(try slp.run("chat", "send", "--as", b, "반가워요").status, 0)
            let screen = try TmuxScreen(slp, ["chat", "--as", a], columns: 80, rows: 24)
            let opened = try XCTUnwrap(screen.waitUntil { $0.first?.hasPrefix("Chat with 비") == true }, "no chat screen: \(screen.lines)")
            XCTAssertEqual(opened[0], "Chat with 비 · Enter sends · PgUp/PgDn scroll · Ctrl-D leaves")
            XCTAssertEqual(opened[21], "2026-11-21 09:30 비  반가워요", "the history just above the rule, the day's first message dated")
            XCTAssertEqual(opened[22], String(repeating: "─", count: 80))
            XCTAssertEqual(opened[23], ">")

            // Korean, then Backspace: each press removes one whole character, two columns wide.
            try screen.type("안녕하세요 hi")
            try screen.press("BSpace", "BSpace", "BSpace", "BSpace")
            let typed = try XCTUnwrap(screen.waitUntil { $0.last == "> 안녕하세" }, "\(screen.lines)")
            XCTAssertEqual(typed.last, "> 안녕하세")
            XCTAssertEqual(screen.cursor?.column, 10, "after the prompt and four syllables")
            XCTAssertEqual(screen.cursor?.row, 23)

            // The partner writes: it shows above while the half-typed line stays as it was.
            let sent = Date()
            XCTAssertEqual(try slp.run("chat", "send", "--as", b, "지금 어디세요?").status, 0)
            let arrived = try XCTUnwrap(screen.waitUntil { $0.contains("09:30 비  지금 어디세요?") }, "\(screen.lines)")
            print("chat screen: the partner's message was on the screen \(Int(Date().timeIntervalSince(sent) * 1_000)) ms after `chat send` returned")
            XCTAssertEqual(arrived[20], "2026-11-21 09:30 비  반가워요")
            XCTAssertEqual(arrived.last, "> 안녕하세")
            XCTAssertEqual(screen.cursor?.column, 10)
            XCTAssertEqual(screen.cursor?.row, 23)

            try screen.type("요")
            try screen.press("Enter")
            XCTAssertEqual(try waitForStored { $0.count == 3 }, ["반가워요", "지금 어디세요?", "안녕하세요"])
            let after = try XCTUnwrap(screen.waitUntil { $0.contains("09:30 에이  안녕하세요") && $0.last == ">" }, "\(screen.lines)")
            XCTAssertEqual(after[19...21], ["2026-11-21 09:30 비  반가워요", "09:30 비  지금 어디세요?", "09:30 에이  안녕하세요"])

            // A smaller window: everything laid out again to fit it.
            try screen.resize(columns: 40, rows: 10)
            // tmux reflows the old picture first (the 80-column rule wraps into two 40-column
            // rules), so wait for the whole repainted screen, not one line of it.
            let small = try XCTUnwrap(screen.waitUntil {
                $0.count == 10 && $0[0].hasPrefix("Chat with 비") && $0[7] == "09:30 에이  안녕하세요"
                    && $0[8] == String(repeating: "─", count: 40) && $0[9] == ">"
            }, "\(screen.lines)")
            XCTAssertEqual(small[0], "Chat with 비 · Enter sends · PgUp/PgDn s")
            XCTAssertEqual(small[7], "09:30 에이  안녕하세요")
            XCTAssertEqual(small[9], ">")
            XCTAssertEqual(screen.cursor?.column, 2)
            XCTAssertEqual(screen.cursor?.row, 9)

            // The partner ends the match: the screen stays with the conversation and the draft,
            // a line says why, and the next key leaves.
            try screen.type("내일 봬요")
            XCTAssertNotNil(screen.waitUntil { $0.last == "> 내일 봬요" }, "\(screen.lines)")
            XCTAssertEqual(try slp.run("match", "dodge", "--as", b).status, 0)
            let over = try XCTUnwrap(screen.waitUntil { $0.count == 10 && $0[8] == "비 cancelled the study. Any key leaves." }, "\(screen.lines)")
            XCTAssertEqual(over[7], "09:30 에이  안녕하세요", "the conversation stays")
            XCTAssertEqual(over[9], "> 내일 봬요", "and so does the draft")
            XCTAssertNil(screen.ended(within: 0.5), "nothing leaves before a key")
            try screen.press("x")
            let ended = try XCTUnwrap(screen.ended(), "the next key did not leave: \(screen.lines)")
            XCTAssertEqual(ended.status, 0)
            XCTAssertEqual(ended.lines.filter { !$0.isEmpty }, ["비 cancelled the study.", "Not sent: 내일 봬요", "[exit 0]"])
            XCTAssertEqual(try stored(), ["반가워요", "지금 어디세요?", "안녕하세요"], "the key that left sent nothing")
        }
    }

    func testPageUpReachesTheFirstOf40MessagesAndEndComesBack() {
        onEachBackend {
            let lines = (1...40).map { "m\($0)" }
            XCTAssertEqual(try slp.run("chat", "send", "--as", b, stdin: lines.joined(separator: "\n") + "\n").status, 0)
            let screen = try TmuxScreen(slp, ["chat", "--as", a], columns: 80, rows: 24)
            let opened = try XCTUnwrap(screen.waitUntil { $0.count == 24 && $0[21] == "09:30 비  m40" }, "\(screen.lines)")
            XCTAssertEqual(opened[1], "09:30 비  m20", "21 lines of conversation: m20 to m40")
            try screen.press("PPage")
            let top = try XCTUnwrap(screen.waitUntil { $0.count == 24 && $0[1] == "2026-11-21 09:30 비  m1" }, "the first message: \(screen.lines)")
            XCTAssertEqual(top[21], "09:30 비  m21", "a page is 20 lines; 19 were left above")
            XCTAssertEqual(top[22], "── 19 more below · End returns " + String(repeating: "─", count: 49))
            try screen.press("End")
            XCTAssertNotNil(screen.waitUntil { $0.count == 24 && $0[21] == "09:30 비  m40" && $0[22] == String(repeating: "─", count: 80) }, "\(screen.lines)")
            try screen.press("Home")
            XCTAssertNotNil(screen.waitUntil { $0.count == 24 && $0[1] == "2026-11-21 09:30 비  m1" }, "\(screen.lines)")
            try screen.press("NPage")
            XCTAssertNotNil(screen.waitUntil { $0.count == 24 && $0[21] == "09:30 비  m40" }, "PageDown: \(screen.lines)")
            try screen.press("C-d")
            XCTAssertEqual(screen.ended()?.status, 0)
        }
    }

    func testCtrlDAndCtrlCLeaveAtOnceSendingNothing() {
        onEachBackend {
            for key in ["C-d", "C-c"] {
                let screen = try TmuxScreen(slp, ["chat", "--as", a], columns: 60, rows: 12)
                XCTAssertNotNil(screen.waitUntil { $0.first?.hasPrefix("Chat with") == true }, "\(screen.lines)")
                try screen.type("draft")
                XCTAssertNotNil(screen.waitUntil { $0.last == "> draft" })
                try screen.press(key)
                let ended = try XCTUnwrap(screen.ended(), "\(key) did not leave: \(screen.lines)")
                XCTAssertEqual(ended.status, 0, key)
                XCTAssertEqual(ended.lines.filter { !$0.isEmpty }, ["[exit 0]"], "\(key): the screen restored, nothing printed")
            }
            XCTAssertEqual(try stored(), [])
        }
    }

    func testALineTheRulesRefuseIsSaidOnTheScreenAndNotStored() {
        onEachBackend {
            let screen = try TmuxScreen(slp, ["chat", "--as", a], columns: 60, rows: 12)
            XCTAssertNotNil(screen.waitUntil { $0.first?.hasPrefix("Chat with") == true }, "\(screen.lines)")
            try screen.type(String(repeating: "가", count: 1_001))
            try screen.press("Enter")
            let refused = try XCTUnwrap(screen.waitUntil { $0.contains("a message has 1 to 1000 characters (got 1001)") }, "\(screen.lines)")
            XCTAssertEqual(refused[10], "a message has 1 to 1000 characters (got 1001)")
            XCTAssertEqual(refused[11], "> " + String(repeating: "가", count: 28), "the line stays, scrolled to its end")
            try screen.press("BSpace", "Enter")
            XCTAssertEqual(try waitForStored { !$0.isEmpty }, [String(repeating: "가", count: 1_000)])
            XCTAssertNotNil(screen.waitUntil { $0[10] == String(repeating: "─", count: 60) }, "the notice goes once a line is sent")
            try screen.press("C-d")
            XCTAssertEqual(screen.ended()?.status, 0)
        }
    }

    func testOffATerminalItIsChatFollowAndAnEndedStudyOpensNoScreen() {
        onEachBackend {
            XCTAssertEqual(try slp.run("chat", "send", "--as", b, "before").status, 0)
            let follower = try BackgroundSLP(slp, ["--json", "chat", "--as", a])
            XCTAssertTrue(follower.waitUntil { $0.lines.count == 1 }, follower.stdout + follower.stderr)
            XCTAssertEqual(try slp.run("chat", "send", "--as", b, "live").status, 0)
            XCTAssertTrue(follower.waitUntil { $0.lines.count == 2 }, follower.stdout)
            XCTAssertEqual(try slp.run("match", "dodge", "--as", b).status, 0)
            XCTAssertEqual(follower.exit(), 0)
            let texts = follower.lines.compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["chat"] as? String
            }
            XCTAssertEqual(texts, ["before", "live"])

            let piped = try slp.run("chat", "--as", a)
            XCTAssertEqual(piped, try slp.run("chat", "follow", "--as", a), "the same as chat follow")
            XCTAssertTrue(piped.stdout.hasSuffix("The study has ended.\n"))
            let screen = try TmuxScreen(slp, ["chat", "--as", a], columns: 80, rows: 24)
            let ended = try XCTUnwrap(screen.ended())
            XCTAssertEqual(ended.status, 0)
            XCTAssertEqual(ended.lines.filter { !$0.isEmpty }, [
                "2026-11-21T09:30:00.000Z  비  before", "2026-11-21T09:30:00.001Z  비  live", "The study has ended.", "[exit 0]",
            ])
        }
    }
}
