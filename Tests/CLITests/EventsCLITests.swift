import Foundation
import SLPSupport
import SLPTestSupport
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

    /// The rule refusals a random act may meet (exit 1, a line starting so): the act changed nothing.
    private static let refusals = [
        "Error: dodge penalty (", "Error: that user has no open request to you", "Error: that user is already matched with someone else",
        "Error: that user is not waiting in the queue", "Error: the study has ended; no more messages can be sent",
        "Error: you already reviewed this match", "Error: you are already matched", "Error: you are not waiting in the queue",
        "Error: you have no current match to cancel", "Error: you have no match to send a message to", "Error: you have no match with that user",
    ]

    private func json(_ line: Substring) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]) ?? [:]
    }

    /// `queue --wait` wakes on a commit of another process and ends when it is matched. How soon
    /// (tens of milliseconds) is measured by `slp-bench` (`queue --wait` ends after the accept),
    /// not here: the deadlines below only bound a hang. That a wait wakes on the commit rather
    /// than at its limit is `ChatStorageContractTests.testWaitForChangeWakesOnAnotherConnectionsCommit`.
    func testWaitEndsWhenThePartnerAcceptsAndEventsToldTheRequestFirst() {
        onEachBackend {
            let waiter = try register("010-4000-0001", "기다림")
            let partner = try register("010-4000-0002", "짝")
            let third = try register("010-4000-0003", "셋째")
            try queue(partner)
            try queue(third)
            // From the latest event on (none yet): whenever it starts, it misses nothing after it.
            let events = try BackgroundSLP(slp, ["--json", "events", "--as", waiter, "--since", "0"])
            let wait = try BackgroundSLP(slp, ["--json", "queue", "--as", waiter, "--lat", "37.5665", "--long", "126.978", "--wait"])
            // Its first line is the queue entry it made: from then on it is waiting.
            XCTAssertTrue(wait.waitUntil { $0.lines.count == 1 }, wait.stdout)
            try ok("match", "request", waiter, "--as", third)
            XCTAssertTrue(wait.waitUntil { $0.lines.count == 2 }, wait.stdout)
            try ok("match", "request", partner, "--as", waiter)
            try ok("match", "accept", waiter, "--as", partner)
            XCTAssertEqual(wait.exit(), 0, "queue --wait ends once matched: \(wait.stdout) \(wait.stderr)")

            let printed = wait.lines.map(json)
            XCTAssertEqual(printed.count, 3, wait.stdout)
            XCTAssertEqual(printed.first?["status"] as? String, "waiting")
            XCTAssertEqual(printed.first?["uid"] as? String, waiter)
            XCTAssertEqual(printed[1]["type"] as? String, "request")
            XCTAssertEqual(printed[1]["uid"] as? String, third)
            XCTAssertEqual(printed.last?["matchedUid"] as? String, partner)
            XCTAssertEqual(printed.last?["matched"] as? Int, 1)

            // `events` told the request before the match; my own request told me nothing.
            XCTAssertTrue(events.waitUntil { $0.lines.count == 2 }, events.stdout)
            let told = events.lines.map(json)
            XCTAssertEqual(told.map { $0["type"] as? String }, ["request", "matched"])
            XCTAssertEqual(told.map { $0["uid"] as? String }, [third, partner])
            XCTAssertEqual(told.map { $0["id"] as? Int }, [1, 3], "event 2 was the partner's: my request")
            events.signal(SIGTERM)
            XCTAssertNotNil(events.exit())
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
            XCTAssertTrue(wait.waitUntil { $0.lines.count == 1 })
            wait.signal(SIGINT)
            XCTAssertEqual(wait.exit(), 130)
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
            // Both queued at one spot: b is told how far a is shown from there, within their cell of about 100 m.
            let told = try slp.run("events", "--as", b, "--since", "0", "--once").stdout
            let prefix = "#1 2026-11-21T09:30:00.000Z  request: 에이 (\(a)) asks to study with you, "
            XCTAssertTrue(told.hasPrefix(prefix) && told.hasSuffix(" m away\n"), "b is told only of a's request: b's own acts tell b nothing: \(told)")
            let metres = Int(told.dropFirst(prefix.count).prefix { $0.isNumber }) ?? -1
            XCTAssertTrue((0...142).contains(metres), told)
        }
    }

    /// 4 processes act on one user 320 times at random (seeded: `SLP_TEST_SEED` replays the same
    /// acts); a reader of that user's events is killed three times and resumes with --since.
    /// What it printed is every event once, in id order, and the events are exactly those the
    /// successful actions cause. An act may be refused by a rule (exit 1: nothing changes, nobody
    /// is told); any other failure fails the test.
    func testRandomActionsFromFourProcessesGiveExactlyTheExpectedEventsToAResumingReader() throws {
        let seed = try randomSeed()
        onEachBackend {
            let user = try register("010-4300-0000", "주인공")
            let others = try (1...4).map { try register("010-4300-000\($0)", "상대\($0)") }
            for uid in [user] + others { try queue(uid) }

            // Each writer is a shell running its commands one after another, writing each one's
            // exit status, first line and first line of standard error; every command's clock is
            // an hour after the one before (interleaved across writers), so dodge penalties do not
            // block for long. 80 each:
            // a request repeated while still open tells nothing, so it takes more acts than that
            // to cause a fair number of events.
            let steps = 80
            var scripts: [[[String]]] = []
            var random = seed.generator()
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
            // From 2026-11-21T10:30:00.000Z, an hour a tick: all after the reader's clock (09:30), so
            // no dodge penalty of the user's has run out for the reader, which would tell it
            // (`penalty_over`) on its own.
            let clockFormat = ISO8601DateFormatter()
            clockFormat.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let shells = (0..<4).map { writer in
                let lines = scripts[writer].enumerated().map { step, arguments in
                    let tick = step * 4 + writer
                    let now = clockFormat.string(from: Date(timeIntervalSince1970: 1_795_257_000 + Double(tick) * 3_600))
                    let errors = directory.path("writer\(writer).err")
                    return "out=$(SLP_NOW=\(now) \"$SLP\" \(arguments.joined(separator: " ")) 2>\(errors)); "
                        + "printf '%s\\t%s\\t%s\\n' \"$?\" \"${out%%$'\\n'*}\" \"$(head -n 1 \(errors))\" >> \(directory.path("writer\(writer).txt"))"
                }
                let environment = slp.environment.merging(["SLP": (slp.executable ?? SLPBinary.url).path]) { $1 }
                let script = lines.joined(separator: "\n")
                // 80 commands each: a deadline of its own, far beyond a slow machine's needs.
                return BackgroundWork { try TimedProcess.run(["/bin/bash", "-c", script], environment: environment, timeout: 5 * SLPBinary.patience) }
            }

            // The reader: killed three times at random moments, resumed after the last id it printed.
            var printed: [[String: Any]] = []
            var reader = try BackgroundSLP(slp, ["--json", "events", "--as", user, "--since", "0"])
            for _ in 0..<3 {
                usleep(UInt32(400_000 + random.next() % 1_000_000))
                _ = reader.kill9()
                printed += reader.lines.map(json)
                let last = printed.last?["id"] as? Int ?? 0
                reader = try BackgroundSLP(slp, ["--json", "events", "--as", user, "--since", String(last)])
            }
            for shell in shells { XCTAssertEqual(try shell.result().status, 0) }
            let stored = try slp.run("--json", "events", "--as", user, "--since", "0", "--once").stdout.split(separator: "\n").map(json)
            let lastStored = stored.last?["id"] as? Int ?? 0
            let resumedAfter = printed.last?["id"] as? Int ?? 0
            XCTAssertTrue(reader.waitUntil { ($0.lines.last.map(self.json)?["id"] as? Int ?? resumedAfter) >= lastStored })
            reader.signal(SIGTERM)
            XCTAssertNotNil(reader.exit())
            printed += reader.lines.map(json)

            // What the successful commands cause, writer by writer in the order each acted.
            var expected: [[String]] = []
            for writer in 0..<4 {
                let results = try String(contentsOfFile: directory.path("writer\(writer).txt"), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                XCTAssertEqual(results.count, steps)
                var events: [String] = []
                for (arguments, result) in zip(scripts[writer], results) {
                    let parts = result.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
                    XCTAssertEqual(parts.count, 3, String(result))
                    guard parts.first == "0" else {
                        // Refused by a rule: nothing changed, nobody told. Anything else is a failure.
                        let refusal = parts.count == 3 ? parts[2] : ""
                        XCTAssertTrue(parts.first == "1" && Self.refusals.contains { refusal.hasPrefix($0) }, "\(arguments.joined(separator: " ")): exit \(parts.first ?? "?"), \(refusal)")
                        continue
                    }
                    let line = parts.count > 1 ? parts[1] : ""
                    let me = others[writer]
                    switch (arguments[0], arguments[1]) {
                    case ("match", "request") where arguments[2] == user:
                        // Asked again while the request is open: nothing new, nobody told.
                        if !line.hasPrefix("Already sent") { events.append(line.hasPrefix("Matched with") ? "matched|\(me)" : "request|\(me)") }
                    // Accepted again while we are partners already: nothing new, nobody told.
                    case ("match", "accept"): if !line.hasPrefix("Already matched") { events.append("matched|\(me)") }
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

    /// Writers killed with SIGKILL mid-write (each once it has acknowledged a few lines, so
    /// however slow the machine, something was stored and the rest was on its way): every stored
    /// message has its event and every message event its message.
    func testAKilledWriterNeverLeavesAChangeWithoutItsEventOrTheReverse() {
        onEachBackend {
            let a = try register("010-4400-0001", "에이")
            let b = try register("010-4400-0002", "비")
            try queue(a)
            try queue(b)
            try ok("match", "request", b, "--as", a)
            try ok("match", "accept", a, "--as", b)
            let lines = (1...2_000).map { "line \($0)" }.joined(separator: "\n") + "\n"
            var acknowledged = 0
            for round in 0..<6 {
                let writer = Process()
                writer.executableURL = slp.executable ?? SLPBinary.url
                writer.arguments = ["chat", "send", "--as", b]
                writer.environment = slp.environment
                let input = Pipe(), output = Pipe()
                writer.standardInput = input
                writer.standardOutput = output
                writer.standardError = FileHandle.nullDevice
                try writer.run()
                // A deadline for a writer that stops acknowledging: killed, it ends the read below.
                let pid = writer.processIdentifier
                let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
                DispatchQueue.global().asyncAfter(deadline: .now() + SLPBinary.patience, execute: watchdog)
                input.fileHandleForWriting.write(Data(lines.utf8))
                // Killed once it has acknowledged 1, 4, 7, … lines: in the middle of what it was given.
                var printed = ""
                while printed.components(separatedBy: "Sent at ").count - 1 < 1 + 3 * round {
                    let chunk = output.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    printed += String(decoding: chunk, as: UTF8.self)
                }
                kill(writer.processIdentifier, SIGKILL)
                watchdog.cancel()
                writer.waitUntilExit()
                let acknowledgements = printed.components(separatedBy: "Sent at ").count - 1
                XCTAssertGreaterThanOrEqual(acknowledgements, 1 + 3 * round, "round \(round): \(printed)")
                acknowledged += acknowledgements
            }
            let messages = try slp.run("--json", "chat", "list", "--as", a).jsonObject()["payload"] as? [[String: Any]] ?? []
            let events = try slp.run("--json", "events", "--as", a, "--since", "0", "--once").stdout.split(separator: "\n").map(json)
                .filter { $0["type"] as? String == "message" }
            XCTAssertGreaterThanOrEqual(messages.count, acknowledged, "every acknowledged message is stored")
            XCTAssertLessThan(messages.count, 6 * 2_000, "the writers were killed before they were done")
            XCTAssertEqual(events.compactMap { $0["_id"] as? String }, messages.compactMap { $0["_id"] as? String })
            XCTAssertEqual(events.compactMap { $0["chat"] as? String }, messages.compactMap { $0["chat"] as? String })
        }
    }
}
