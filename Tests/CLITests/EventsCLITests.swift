import Foundation
import SLPSupport
import XCTest

/// `slp events` and `slp queue --wait` through the binary, with the other side in other processes;
/// on every backend.
final class EventsCLITests: XCTestCase {
    private var slp: SLPBinary!
    /// The current backend's scratch directory, for files the test itself writes.
    private var directory: TemporaryDirectory!

    /// Runs `body` on a fresh store of each backend.
    private func onEachBackend(_ body: () throws -> Void) {
        TestBackend.each(self) { _, database, directory in
            slp = SLPBinary(database: database)
            self.directory = directory
            defer { self.directory = nil }
            try body()
        }
    }

    private func register(_ phone: String, _ nick: String) throws -> String {
        let result = try slp.run("register", "--phone", phone, "--nick", nick, "--birth", "1995-05-05", "--email", "e\(phone.suffix(4))@example.com",
                                 "--gender", "female")
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    private func ok(_ arguments: String..., stdin: String? = nil) throws {
        let result = try slp.run(arguments, stdin: stdin)
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
    }

    private func queue(_ uid: String) throws {
        try ok("queue", "--as", uid, "--lat", "37.5665", "--long", "126.978")
    }

    private func json(_ line: Substring) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]) ?? [:]
    }

    func testWaitEndsSoonAfterThePartnerAcceptsAndEventsToldTheRequestFirst() {
        onEachBackend {
            let waiter = try register("010-4000-0001", "기다림")
            let partner = try register("010-4000-0002", "짝")
            let third = try register("010-4000-0003", "셋째")
            try queue(partner)
            try queue(third)
            let events = try BackgroundSLP(slp, ["--json", "events", "--as", waiter])
            let wait = try BackgroundSLP(slp, ["--json", "queue", "--as", waiter, "--lat", "37.5665", "--long", "126.978", "--wait"])
            XCTAssertTrue(wait.waitUntil(10) { _ in
                (try? self.slp.run("--json", "queue", "status", "--as", waiter).jsonObject()["status"] as? String) == "waiting"
            })
            try ok("match", "request", waiter, "--as", third)
            XCTAssertTrue(wait.waitUntil(5) { $0.lines.count == 1 }, wait.stdout)
            try ok("match", "request", partner, "--as", waiter)
            try ok("match", "accept", waiter, "--as", partner)
            let accepted = Date()
            XCTAssertTrue(wait.waitUntil(5) { !$0.isRunning })
            let waited = Date().timeIntervalSince(accepted)
            XCTAssertEqual(wait.exit(within: 1), 0, wait.stderr)
            XCTAssertLessThan(waited, 0.2, "queue --wait ended \(waited) s after the accept")

            let printed = wait.lines.map(json)
            XCTAssertEqual(printed.count, 2, wait.stdout)
            XCTAssertEqual(printed.first?["type"] as? String, "request")
            XCTAssertEqual(printed.first?["uid"] as? String, third)
            XCTAssertEqual(printed.last?["matchedUid"] as? String, partner)
            XCTAssertEqual(printed.last?["matched"] as? Int, 1)

            // `events` told the request before the match; my own request told me nothing.
            XCTAssertTrue(events.waitUntil(5) { $0.lines.count == 2 }, events.stdout)
            let told = events.lines.map(json)
            XCTAssertEqual(told.map { $0["type"] as? String }, ["request", "matched"])
            XCTAssertEqual(told.map { $0["uid"] as? String }, [third, partner])
            XCTAssertEqual(told.map { $0["id"] as? Int }, [1, 3], "event 2 was the partner's: my request")
            events.signal(SIGTERM)
            _ = events.exit(within: 5)
        }
    }

    func testWaitTimesOutOrIsInterruptedAndStaysInTheQueue() {
        onEachBackend {
            let waiter = try register("010-4100-0001", "기다림")
            let timedOut = try slp.run("queue", "--as", waiter, "--lat", "37.5665", "--long", "126.978", "--wait", "--timeout", "1")
            XCTAssertEqual(timedOut.status, 1)
            XCTAssertEqual(timedOut.stdout, "Waiting at 37.5665,126.978 for anything.\n")
            XCTAssertEqual(timedOut.stderr, "Error: no match within 1 s\n")
            let json = try slp.run("--json", "queue", "--as", waiter, "--lat", "37.5665", "--long", "126.978", "--wait", "--timeout", "1")
            XCTAssertEqual(try json.jsonError()["code"] as? String, "timeout")

            let wait = try BackgroundSLP(slp, ["queue", "--as", waiter, "--lat", "37.5665", "--long", "126.978", "--wait"])
            XCTAssertTrue(wait.waitUntil(10) { $0.lines.count == 1 })
            wait.signal(SIGINT)
            XCTAssertEqual(wait.exit(within: 5), 130)
            XCTAssertEqual(wait.stderr, "Stopped waiting; you are still in the queue.\n")
            XCTAssertEqual(try slp.run("--json", "queue", "status", "--as", waiter).jsonObject()["status"] as? String, "waiting")

            let bad = try slp.run("queue", "--as", waiter, "--lat", "37.5665", "--long", "126.978", "--timeout", "5")
            XCTAssertEqual(bad.status, 64)
            XCTAssertEqual(bad.errorLines, ["Error: --timeout goes with --wait"])
            let negative = try slp.run("events", "--as", waiter, "--since", "-1", "--once")
            XCTAssertEqual(negative.status, 64)
            XCTAssertEqual(negative.errorLines, ["Error: --since: an event id is 0 or more, not -1"])
        }
    }

    func testOnceTellsWhatIsStoredAsTextAndJSON() {
        onEachBackend {
            let a = try register("010-4200-0001", "에이")
            let b = try register("010-4200-0002", "비")
            try queue(a)
            try queue(b)
            try ok("match", "request", b, "--as", a)
            try ok("match", "accept", a, "--as", b)
            try ok("chat", "send", "--as", b, "반가워요")
            try ok("match", "review", a, "--as", b, "--kind", "--punctual")
            let text = try slp.run("events", "--as", a, "--since", "0", "--once")
            XCTAssertEqual(text.status, 0, text.stderr)
            XCTAssertEqual(text.stdout, """
                #2 2026-11-21T09:30:00.000Z  matched: you study with 비 (\(b)) now
                #3 2026-11-21T09:30:00.000Z  message: 비 (\(b)): 반가워요
                #4 2026-11-21T09:30:00.000Z  reviewed: 비 (\(b)) reviewed you: 정확한 시간 약속, 친절한 성격

                """)
            let lines = try slp.run("--json", "events", "--as", a, "--since", "3", "--once").stdout
            XCTAssertEqual(lines, """
                {"id":4,"type":"reviewed","createdAt":"2026-11-21T09:30:00.000Z","uid":"\(b)","nick":"비","titles":["punctual","kind"]}

                """)
            XCTAssertEqual(try slp.run("events", "--as", b, "--since", "0", "--once").stdout, """
                #1 2026-11-21T09:30:00.000Z  request: 에이 (\(a)) asks to study with you, 0 m away

                """, "b is told only of a's request: b's own acts tell b nothing")
        }
    }

    /// 4 processes act on one user 320 times at random; a reader of that user's events is killed
    /// three times and resumes with --since. What it printed is every event once, in id order,
    /// and the events are exactly those the successful actions cause.
    func testRandomActionsFromFourProcessesGiveExactlyTheExpectedEventsToAResumingReader() {
        onEachBackend {
            let user = try register("010-4300-0000", "주인공")
            let others = try (1...4).map { try register("010-4300-000\($0)", "상대\($0)") }
            for uid in [user] + others { try queue(uid) }

            // Each writer is a shell running its commands one after another, writing each one's
            // exit status and first line; every command's clock is an hour after the one before
            // (interleaved across writers), so dodge penalties do not block for long. 80 each:
            // a request repeated while still open tells nothing, so it takes more acts than that
            // to cause a fair number of events.
            let steps = 80
            var scripts: [[[String]]] = []
            var random = SplitMix64(seed: 41)
            for writer in 0..<4 {
                let me = others[writer]
                scripts.append((0..<steps).map { step in
                    switch random.next() % 13 {
                    case 0: ["queue", "--as", me, "--lat", "37.5665", "--long", "126.978"]
                    case 1, 2: ["queue", "--as", user, "--lat", "37.5665", "--long", "126.978"]
                    case 3, 4, 5: ["match", "request", user, "--as", me]
                    case 6: ["match", "request", me, "--as", user]
                    case 7: ["match", "accept", user, "--as", me]
                    case 8, 9: ["chat", "send", "--as", me, "w\(writer)-\(step)"]
                    case 10: ["match", "dodge", "--as", me]
                    case 11: ["match", "dodge", "--as", user]
                    default: ["match", "review", user, "--as", me, "--kind"]
                    }
                })
            }
            // From 2026-11-21T00:30:00.000Z, an hour a tick.
            let clockFormat = ISO8601DateFormatter()
            clockFormat.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let shells = try (0..<4).map { writer in
                let lines = scripts[writer].enumerated().map { step, arguments in
                    let tick = step * 4 + writer
                    let now = clockFormat.string(from: Date(timeIntervalSince1970: 1_795_221_000 + Double(tick) * 3_600))
                    return "out=$(SLP_NOW=\(now) \"$SLP\" \(arguments.joined(separator: " ")) 2>/dev/null); "
                        + "printf '%s\\t%s\\n' \"$?\" \"${out%%$'\\n'*}\" >> \(directory.path("writer\(writer).txt"))"
                }
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/bash")
                process.arguments = ["-c", lines.joined(separator: "\n")]
                process.environment = slp.environment.merging(["SLP": (slp.executable ?? SLPBinary.url).path]) { $1 }
                try process.run()
                return process
            }

            // The reader: killed three times at random moments, resumed after the last id it printed.
            var printed: [[String: Any]] = []
            var reader = try BackgroundSLP(slp, ["--json", "events", "--as", user, "--since", "0"])
            for pause in [0.7, 1.3, 0.9] {
                usleep(UInt32(pause * 1_000_000))
                _ = reader.kill9()
                printed += reader.lines.map(json)
                let last = printed.last?["id"] as? Int ?? 0
                reader = try BackgroundSLP(slp, ["--json", "events", "--as", user, "--since", String(last)])
            }
            for shell in shells { shell.waitUntilExit() }
            let stored = try slp.run("--json", "events", "--as", user, "--since", "0", "--once").stdout.split(separator: "\n").map(json)
            let lastStored = stored.last?["id"] as? Int ?? 0
            let resumedAfter = printed.last?["id"] as? Int ?? 0
            XCTAssertTrue(reader.waitUntil(10) { ($0.lines.last.map(self.json)?["id"] as? Int ?? resumedAfter) >= lastStored })
            reader.signal(SIGTERM)
            _ = reader.exit(within: 5)
            printed += reader.lines.map(json)

            // What the successful commands cause, writer by writer in the order each acted.
            var expected: [[String]] = []
            for writer in 0..<4 {
                let results = try String(contentsOfFile: directory.path("writer\(writer).txt"), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                XCTAssertEqual(results.count, steps)
                var events: [String] = []
                for (arguments, result) in zip(scripts[writer], results) {
                    let parts = result.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
                    guard parts.first == "0" else { continue }
                    let line = parts.count > 1 ? String(parts[1]) : ""
                    let me = others[writer]
                    switch (arguments[0], arguments[1]) {
                    case ("match", "request") where arguments[2] == user:
                        // Asked again while the request is open: nothing new, nobody told.
                        if !line.hasPrefix("Already sent") { events.append(line.hasPrefix("Matched with") ? "matched|\(me)" : "request|\(me)") }
                    case ("match", "accept"): events.append("matched|\(me)")
                    case ("chat", "send"): events.append("message|\(me)|\(arguments[4])")
                    case ("match", "dodge") where arguments[3] == me && !line.contains("already left"): events.append("dodged|\(me)")
                    case ("match", "review"): events.append("reviewed|\(me)|kind")
                    default: break
                    }
                }
                expected.append(events)
            }

            func describe(_ event: [String: Any]) -> String {
                let type = event["type"] as? String ?? "?", uid = event["uid"] as? String ?? "?"
                switch type {
                case "message": return "message|\(uid)|\(event["chat"] as? String ?? "")"
                case "reviewed": return "reviewed|\(uid)|\((event["titles"] as? [String] ?? []).joined(separator: ","))"
                default: return "\(type)|\(uid)"
                }
            }
            let ids = printed.compactMap { $0["id"] as? Int }
            XCTAssertEqual(ids, stored.compactMap { $0["id"] as? Int }, "the resuming reader printed every stored event once, in order")
            XCTAssertEqual(ids, ids.sorted())
            XCTAssertEqual(Set(ids).count, ids.count)
            XCTAssertGreaterThan(ids.count, 15, "the script caused a fair number of events")
            let told = printed.map(describe)
            XCTAssertEqual(told.sorted(), expected.flatMap { $0 }.sorted(), "exactly the events the successful actions cause")
            for writer in 0..<4 {
                XCTAssertEqual(told.filter { $0.contains("|\(others[writer])") }, expected[writer], "writer \(writer), in the order it acted")
            }
        }
    }

    /// Writers killed with SIGKILL mid-write: every stored message has its event and every
    /// message event its message.
    func testAKilledWriterNeverLeavesAChangeWithoutItsEventOrTheReverse() {
        onEachBackend {
            let a = try register("010-4400-0001", "에이")
            let b = try register("010-4400-0002", "비")
            try queue(a)
            try queue(b)
            try ok("match", "request", b, "--as", a)
            try ok("match", "accept", a, "--as", b)
            let lines = (1...2_000).map { "line \($0)" }.joined(separator: "\n") + "\n"
            for round in 0..<6 {
                let writer = Process()
                writer.executableURL = slp.executable ?? SLPBinary.url
                writer.arguments = ["chat", "send", "--as", b]
                writer.environment = slp.environment
                let input = Pipe()
                writer.standardInput = input
                writer.standardOutput = FileHandle.nullDevice
                writer.standardError = FileHandle.nullDevice
                try writer.run()
                input.fileHandleForWriting.write(Data(lines.utf8))
                usleep(UInt32(50_000 + round * 40_000))
                kill(writer.processIdentifier, SIGKILL)
                writer.waitUntilExit()
            }
            let messages = try slp.run("--json", "chat", "list", "--as", a).jsonObject()["payload"] as? [[String: Any]] ?? []
            let events = try slp.run("--json", "events", "--as", a, "--since", "0", "--once").stdout.split(separator: "\n").map(json)
                .filter { $0["type"] as? String == "message" }
            XCTAssertGreaterThan(messages.count, 10, "the writers got some messages in before being killed")
            XCTAssertEqual(events.compactMap { $0["_id"] as? String }, messages.compactMap { $0["_id"] as? String })
            XCTAssertEqual(events.compactMap { $0["chat"] as? String }, messages.compactMap { $0["chat"] as? String })
        }
    }
}
