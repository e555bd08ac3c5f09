import Foundation
import SLPData
import SLPTestSupport
import XCTest

/// Chat through the binary: only partners post and read, order and paging are exact,
/// `chat follow` streams what other processes send, concurrent senders lose nothing; on every
/// backend.
final class ChatCLITests: XCTestCase {
    private var slp: SLPBinary!
    private var a = "", b = "", c = ""

    /// Runs `body` on a fresh store of each backend where a and b are partners and c is not.
    private func onEachBackend(_ body: () throws -> Void) {
        TestBackend.each(self) { _, database, _ in
            try begin(on: database)
            try body()
        }
    }

    private func begin(on database: String) throws {
        slp = SLPBinary(database: database)
        func register(_ phone: String, _ nick: String) throws -> String {
            let result = try slp.run(["register", "--phone", phone, "--nick", nick, "--birth", "1995-05-05", "--email", "x@example.com", "--gender", "male"])
            XCTAssertEqual(result.status, 0, result.stderr)
            return result.stdout.trimmingCharacters(in: .newlines)
        }
        a = try register("010-7000-0001", "에이")
        b = try register("010-7000-0002", "비")
        c = try register("010-7000-0003", "씨")
        for uid in [a, b] { XCTAssertEqual(try slp.run("queue", "--as", uid, "--lat", "37.5", "--long", "127").status, 0) }
        XCTAssertEqual(try slp.run("match", "request", b, "--as", a).status, 0)
        XCTAssertEqual(try slp.run("match", "accept", a, "--as", b).status, 0)
    }

    private func payload(_ result: SLPBinary.Result, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        return try XCTUnwrap(try result.jsonObject(file: file, line: line)["payload"] as? [[String: Any]], file: file, line: line)
    }

    func testPartnersTalkStrangersGetNothingAndAnEndedStudyIsReadOnly() {
        onEachBackend {
            XCTAssertEqual(try slp.run("chat", "send", "--as", a, "안녕하세요, 스터디 언제 할까요?").status, 0)
            let emoji = try slp.run("--json", "chat", "send", "--as", a, "좋아요 🌱👩‍💻")
            XCTAssertEqual(emoji.status, 0, emoji.stderr)
            let sent = try emoji.jsonObject()
            XCTAssertEqual(Array(sent.keys).sorted(), ["_id", "chat", "createdAt", "from", "to"])
            XCTAssertTrue(emoji.stdout.hasPrefix(#"{"_id":""#), "SLP key order: _id, to, from, chat, createdAt")
            XCTAssertEqual(sent["from"] as? String, a)
            XCTAssertEqual(sent["to"] as? String, b)
            let piped = try slp.run(["chat", "send", "--as", a], stdin: "from stdin\n")
            XCTAssertEqual(piped.status, 0, piped.stderr)

            let messages = try payload(try slp.run("--json", "chat", "list", "--as", b))
            XCTAssertEqual(messages.map { $0["chat"] as? String }, ["안녕하세요, 스터디 언제 할까요?", "좋아요 🌱👩‍💻", "from stdin"])
            XCTAssertEqual(messages.map { $0["from"] as? String }, [a, a, a])
            let ids = messages.compactMap { $0["_id"] as? String }
            XCTAssertEqual(ids, ids.sorted())
            XCTAssertEqual(Set(ids).count, 3)

            // A stranger gets exactly the no-conversation answer, for reading and writing: naming
            // someone else's partner answers as naming nobody who exists.
            let nobody = try slp.run("--json", "chat", "list", "--as", c)
            let stranger = try slp.run("--json", "chat", "list", "--as", c, "--with", a)
            let noSuchUser = try slp.run("--json", "chat", "list", "--as", c, "--with", "NoSuchUser")
            XCTAssertEqual(nobody.status, 1)
            XCTAssertEqual(try nobody.jsonError()["code"] as? String, "not_matched")
            XCTAssertEqual(stranger, noSuchUser)
            XCTAssertEqual(try stranger.jsonError()["code"] as? String, "not_matched")
            let strangerSend = try slp.run("--json", "chat", "send", "--as", c, "hi")
            XCTAssertEqual(strangerSend.status, 1)
            XCTAssertEqual(try strangerSend.jsonError()["code"] as? String, "not_matched")

            XCTAssertEqual(try slp.run("match", "dodge", "--as", a).status, 0)
            for uid in [a, b] {
                let ended = try slp.run("--json", "chat", "send", "--as", uid, "still there?")
                XCTAssertEqual(ended.status, 1)
                XCTAssertEqual(try ended.jsonError()["code"] as? String, "study_ended")
                XCTAssertEqual(try ended.jsonError()["status"] as? Int, 201)
                XCTAssertEqual(try payload(try slp.run("--json", "chat", "list", "--as", uid)).count, 3, "the conversation stays readable")
            }
            XCTAssertEqual(try payload(try slp.run("--json", "chat", "list", "--as", a, "--with", b)).count, 3)
        }
    }

    func testInvalidMessagesAreUsageErrors() {
        onEachBackend {
            let long = try slp.run("chat", "send", "--as", a, String(repeating: "가", count: 1001))
            XCTAssertEqual(long.status, 64)
            XCTAssertEqual(long.stderr, "Error: a message has 1 to 1000 characters (got 1001)\n")
            XCTAssertEqual(try slp.run("chat", "send", "--as", a, String(repeating: "가", count: 1000)).status, 0)
            // One character may not carry a tower of marks (issue 49).
            let tower = try slp.run("chat", "send", "--as", a, "hi e" + String(repeating: "\u{334}", count: 9))
            XCTAssertEqual(tower.status, 64)
            XCTAssertEqual(tower.stderr, "Error: a message has at most 8 combining marks on a character\n")
            let badUTF8 = try TimedProcess.run(
                [SLPBinary.url.path, "chat", "send", "--as", a], environment: slp.environment, stdin: Data([0x6F, 0x6B, 0x0A, 0xFF, 0xFE, 0x0A]))
            XCTAssertEqual(badUTF8.status, 64)
            XCTAssertEqual(badUTF8.stderrText, "Error: standard input line 2 is not UTF-8 text\n")
            let messages = try payload(try slp.run("--json", "chat", "list", "--as", b))
            XCTAssertEqual(messages.last?["chat"] as? String, "ok", "the valid line before it was sent")
            // A partner given by a uid that cannot be one is refused before anything is read.
            for command in ["list", "follow"] {
                let badPartner = try slp.run("chat", command, "--as", a, "--with", "not-a-uid")
                XCTAssertEqual(badPartner.status, 64, command)
                XCTAssertEqual(badPartner.stderr, "Error: a uid is 1 to 64 letters or digits\n", command)
            }
        }
    }

    func testPagingBySinceNeverSkipsOrRepeatsEvenInTheSameMillisecond() {
        onEachBackend {
            // SLP_NOW stops the clock: every message is sent in the same millisecond.
            let lines = (1...25).map { "message \($0)" }.joined(separator: "\n") + "\n"
            XCTAssertEqual(try slp.run(["chat", "send", "--as", a], stdin: lines).status, 0)
            var seen: [String] = []
            // Paging forward from the start: --since the epoch, then the last createdAt seen.
            var since: String? = "1970-01-01T00:00:00.000Z"
            while let after = since {
                let page = try payload(try slp.run(["--json", "chat", "list", "--as", b, "--limit", "7", "--since", after]))
                if page.isEmpty { break }
                seen += page.compactMap { $0["chat"] as? String }
                since = page.last?["createdAt"] as? String
                if seen.count > 100 { break }
            }
            XCTAssertEqual(seen, (1...25).map { "message \($0)" })
            let newest = try payload(try slp.run("--json", "chat", "list", "--as", a, "--limit", "3"))
            XCTAssertEqual(newest.map { $0["chat"] as? String }, ["message 23", "message 24", "message 25"])
            let times = try payload(try slp.run("--json", "chat", "list", "--as", a)).compactMap { $0["createdAt"] as? String }
            XCTAssertEqual(times.first, "2026-11-21T09:30:00.000Z")
            XCTAssertEqual(times.last, "2026-11-21T09:30:00.024Z")
            XCTAssertEqual(Set(times).count, 25)
        }
    }

    func testFollowPrintsEveryNewMessageOnceInOrderAndEndsWithTheMatch() {
        onEachBackend {
            XCTAssertEqual(try slp.run("chat", "send", "--as", b, "before following").status, 0)
            let follower = try BackgroundSLP(slp, ["--json", "chat", "follow", "--as", a])
            // Ready once it has printed the conversation so far: it follows from there on.
            XCTAssertTrue(follower.waitUntil { $0.lines.count >= 1 }, follower.stdout + follower.stderr)
            let lines = (1...50).map { "live \($0)" }.joined(separator: "\n") + "\n"
            XCTAssertEqual(try slp.run(["chat", "send", "--as", b], stdin: lines).status, 0)
            XCTAssertTrue(follower.waitUntil { $0.lines.count >= 51 }, follower.stdout + follower.stderr)
            XCTAssertEqual(try slp.run("match", "dodge", "--as", b).status, 0)
            XCTAssertEqual(follower.exit(), 0, "chat follow ends when the match ends: \(follower.stderr)")
            let texts = follower.lines.compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["chat"] as? String
            }
            XCTAssertEqual(texts, ["before following"] + (1...50).map { "live \($0)" })
        }
    }

    func testFourConcurrentSendersLoseAndDuplicateNothing() {
        onEachBackend {
            let senders = [a, b, a, b]
            nonisolated(unsafe) var statuses = [Int32](repeating: -1, count: senders.count)
            let lock = NSLock()
            let tool = slp!
            DispatchQueue.concurrentPerform(iterations: senders.count) { index in
                let lines = (1...250).map { "s\(index)-\($0)" }.joined(separator: "\n") + "\n"
                let status: Int32
                do {
                    status = try tool.run(["chat", "send", "--as", senders[index]], stdin: lines).status
                } catch {
                    XCTFail("sender \(index): \(error)")
                    status = -2
                }
                lock.lock()
                statuses[index] = status
                lock.unlock()
            }
            XCTAssertEqual(statuses, [0, 0, 0, 0])
            let messages = try payload(try slp.run("--json", "chat", "list", "--as", a))
            XCTAssertEqual(messages.count, 1_000)
            let texts = messages.compactMap { $0["chat"] as? String }
            XCTAssertEqual(Set(texts).count, 1_000, "nothing duplicated")
            for sender in 0..<4 {
                let own = texts.filter { $0.hasPrefix("s\(sender)-") }
                XCTAssertEqual(own, (1...250).map { "s\(sender)-\($0)" }, "each sender's messages in its order")
            }
            let ids = messages.compactMap { $0["_id"] as? String }
            XCTAssertEqual(ids, ids.sorted())
            XCTAssertEqual(Set(ids).count, 1_000)
            let times = messages.compactMap { $0["createdAt"] as? String }
            XCTAssertEqual(times, times.sorted())
            XCTAssertEqual(Set(times).count, 1_000, "strictly increasing")
        }
    }
}
