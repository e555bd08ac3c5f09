import Foundation
import SLPData
import XCTest

/// Writers killed with SIGKILL at random moments: the database always opens, passes
/// `integrity_check`, holds everything that was acknowledged, and no half-made seed batch,
/// message or match.
final class CrashCLITests: XCTestCase {
    /// The writers a round kills, in turn.
    private enum Writer: CaseIterable {
        case seed, chat, accept

        /// What the writer prints once its write is stored.
        var acknowledgement: String {
            switch self {
            case .seed: "Added "
            case .chat: "Sent at "
            case .accept: "Matched with "
            }
        }

        /// Pauses before a random kill (µs): from before the process is up to after it has finished
        /// (on an idle machine; stretched when acknowledgements come later).
        var pauses: ClosedRange<UInt32> {
            switch self {
            case .seed: 0...200_000
            case .chat: 0...150_000
            case .accept: 0...30_000
            }
        }

        /// Pauses after the first acknowledgement (µs): a chat is killed mid-stream.
        var pausesAfterAcknowledgement: ClosedRange<UInt32> {
            self == .chat ? 0...40_000 : 0...2_000
        }
    }

    /// When a round's kill comes.
    private enum Moment {
        /// A pause after the start (0: at once).
        case afterPause(UInt32)
        /// A pause after the start while the test holds the write lock: the writer cannot have
        /// stored anything, whatever the timing.
        case whileLocked(UInt32)
        /// A pause after the first acknowledgement: something was acknowledged, whatever the timing.
        case afterAcknowledgement(UInt32)

        var isLocked: Bool { if case .whileLocked = self { true } else { false } }
    }

    /// What one killed process printed, and whether the kill found it running.
    private struct Killed {
        var stdout: String
        var acknowledgements: Int
        var diedOfKill: Bool
    }

    /// What happened in one writer's rounds.
    private struct Tally: CustomStringConvertible {
        var rounds = 0
        /// Something was acknowledged before the kill (the process may have exited by then).
        var acknowledged = 0
        /// Nothing was acknowledged.
        var unacknowledged = 0
        /// The kill found the process running (else it had already exited).
        var killedRunning = 0
        /// A write was stored but killed before its acknowledgement.
        var storedUnacknowledged = 0
        /// Milliseconds from start to the first acknowledgement, when the test waited for it.
        var acknowledgedAfter: [Int] = []

        var description: String {
            "\(rounds) rounds: \(unacknowledged) killed before any acknowledgement, \(acknowledged) after one; "
                + "\(killedRunning) killed running, \(rounds - killedRunning) had exited; "
                + "\(storedUnacknowledged) stored but not yet acknowledged; first acknowledgement after "
                + "\(acknowledgedAfter.min() ?? 0)–\(acknowledgedAfter.max() ?? 0) ms"
        }
    }

    /// Everything checked after each kill, whatever the writer.
    private struct Totals: Equatable {
        var messages = 0, seeded = 0, queued = 0, requests = 0, matches = 0, members = 0

        /// A waiting pair with one open request became a match.
        mutating func matched() {
            queued -= 2
            requests -= 1
            matches += 1
            members += 2
        }
    }

    /// Nothing else changed: no stray or missing rows anywhere.
    private func compare(_ totals: Totals, _ expected: Totals, _ round: Int, line: UInt = #line) {
        XCTAssertEqual(totals, expected, "round \(round): rows found, and rows expected", line: line)
    }

    func testKillNineNeverLosesAcknowledgedWritesOrLeavesHalfOfOne() throws {
        continueAfterFailure = false  // one broken file would fail every later round too
        // The kill moments are drawn from it (`SLP_TEST_SEED` replays them; what the writer had
        // done by then is the machine's).
        var random = try randomSeed().generator()
        let directory = try TemporaryDirectory()
        let path = directory.path("crash.sqlite")
        let slp = SLPBinary(database: path)
        let batch = 1_000  // users per seed run
        var phones = 0
        func register() throws -> String {
            phones += 1
            let phone = String(format: "010-93%02d-%04d", phones / 10_000, phones % 10_000)
            let result = try slp.run(
                ["register", "--phone", phone, "--nick", "c", "--birth", "1990-01-01", "--email", "c@example.com", "--gender", "male"])
            XCTAssertEqual(result.status, 0, result.stderr)
            return result.stdout.trimmingCharacters(in: .newlines)
        }
        func queue(_ uid: String) throws {
            XCTAssertEqual(try slp.run("queue", "--as", uid, "--lat", "37.5", "--long", "127").status, 0)
        }
        let a = try register(), b = try register()
        try queue(a)
        try queue(b)
        XCTAssertEqual(try slp.run("match", "request", b, "--as", a).status, 0)
        XCTAssertEqual(try slp.run("match", "accept", a, "--as", b).status, 0)

        /// Opens the file as the next process would, checks what must hold after any kill, and counts.
        func check(_ round: Int) throws -> Totals {
            let database = try Database(path: path)
            return try database.read { connection in
                func count(_ sql: String, _ values: [SQLiteValue] = []) throws -> Int {
                    try connection.prepare(sql).first(values) { $0.int(0) } ?? 0
                }
                XCTAssertEqual(try connection.prepare("PRAGMA integrity_check").first { $0.text(0) }, "ok", "round \(round)")
                XCTAssertEqual(try count("SELECT count(*) FROM pragma_foreign_key_check"), 0, "round \(round)")
                // Seed batches are whole: every seeded user waits, and the draw count agrees.
                let seeded = try count("SELECT count(*) FROM users WHERE phone LIKE '+8219%'")
                XCTAssertEqual(seeded % batch, 0, "round \(round): a seed batch is stored whole or not at all")
                XCTAssertEqual(
                    try count("SELECT count(*) FROM queue WHERE user_id IN (SELECT id FROM users WHERE phone LIKE '+8219%')"), seeded,
                    "round \(round): every seeded user is waiting")
                XCTAssertEqual(try count("SELECT coalesce(max(drawn), 0) FROM seed_state"), seeded, "round \(round): seed_state counts the batches stored")
                // Matches are whole: two members, each the other's partner, nobody in two, out of the queue.
                XCTAssertEqual(
                    try count("SELECT count(*) FROM matches x WHERE (SELECT count(*) FROM match_members m WHERE m.match_id = x.id) != 2"), 0,
                    "round \(round): every match has two members")
                XCTAssertEqual(
                    try count("""
                        SELECT count(*) FROM match_members m WHERE NOT EXISTS (SELECT 1 FROM match_members p
                            WHERE p.match_id = m.match_id AND p.user_id = m.partner_id AND p.partner_id = m.user_id AND p.is_current = m.is_current)
                        """), 0, "round \(round): members are each other's partners")
                XCTAssertEqual(
                    try count("SELECT count(*) FROM (SELECT user_id FROM match_members WHERE is_current = 1 GROUP BY user_id HAVING count(*) > 1)"), 0,
                    "round \(round): nobody is in two current matches")
                XCTAssertEqual(
                    try count("SELECT count(*) FROM match_members m JOIN queue q ON q.user_id = m.user_id WHERE m.is_current = 1"), 0,
                    "round \(round): nobody matched is still waiting")
                XCTAssertEqual(
                    try count("""
                        SELECT count(*) FROM requests r
                        WHERE EXISTS (SELECT 1 FROM match_members m WHERE m.is_current = 1 AND m.user_id IN (r.from_id, r.to_id))
                        """), 0, "round \(round): nobody matched has an open request")
                return Totals(
                    messages: try count("SELECT count(*) FROM messages"), seeded: seeded, queued: try count("SELECT count(*) FROM queue"),
                    requests: try count("SELECT count(*) FROM requests"), matches: try count("SELECT count(*) FROM matches"),
                    members: try count("SELECT count(*) FROM match_members"))
            }
        }

        /// Starts `slp arguments`, kills it with SIGKILL at `moment`, and returns what it printed.
        func launchAndKill(_ arguments: [String], stdin: String?, writer: Writer, at moment: Moment, tally: inout Tally) throws -> Killed {
            var lock: Connection?
            if moment.isLocked {
                // A connection of its own, holding the write lock as another process would.
                let holder = try Connection(path: path)
                try holder.execute("BEGIN IMMEDIATE")
                lock = holder
            }
            let process = Process()
            process.executableURL = SLPBinary.url
            process.environment = slp.environment
            process.arguments = arguments
            let output = Pipe(), input = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            process.standardInput = input
            let exited = process.exitSignal()
            let start = Date()
            try process.run()
            // A deadline for a writer that never acknowledges: killed, it ends the reads below.
            let pid = process.processIdentifier
            let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
            DispatchQueue.global().asyncAfter(deadline: .now() + SLPBinary.patience, execute: watchdog)
            defer { watchdog.cancel() }
            if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
            try? input.fileHandleForWriting.close()
            var printed = Data()
            switch moment {
            case .afterPause(let pause), .whileLocked(let pause):
                if pause > 0 { usleep(pause) }
            case .afterAcknowledgement(let pause):
                while !String(decoding: printed, as: UTF8.self).contains(writer.acknowledgement) {
                    let chunk = output.fileHandleForReading.availableData
                    if chunk.isEmpty { break }  // it ended without acknowledging: the checks below fail
                    printed.append(chunk)
                }
                tally.acknowledgedAfter.append(Int(Date().timeIntervalSince(start) * 1_000))
                if pause > 0 { usleep(pause) }
            }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            exited.wait()
            printed.append(output.fileHandleForReading.readDataToEndOfFile())
            try lock?.execute("ROLLBACK")
            let stdout = String(decoding: printed, as: UTF8.self)
            // A killed process writes nothing more: every acknowledgement here came before the kill.
            return Killed(
                stdout: stdout, acknowledgements: stdout.components(separatedBy: writer.acknowledgement).count - 1,
                diedOfKill: process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
        }

        /// Checks that a pair is either matched with each other, out of the queue and without
        /// requests, or exactly as before the accept: both waiting, the one request open; and
        /// (`viaBinary`) that both users' `queue status` says the same.
        func checkPair(requester: String, accepter: String, round: Int, viaBinary: Bool = true) throws -> Bool {
            let rows = try Database(path: path).read { connection in
                func id(_ uid: String) throws -> Int64 {
                    try XCTUnwrap(connection.prepare("SELECT id FROM users WHERE uid = ?").first([.text(uid)]) { $0.int64(0) })
                }
                let r = try id(requester), s = try id(accepter)
                func exists(_ sql: String, _ values: [SQLiteValue]) throws -> Bool {
                    try connection.prepare(sql).first(values) { _ in true } ?? false
                }
                func memberships(_ user: Int64) throws -> [[Int64]] {
                    try connection.prepare("SELECT match_id, partner_id, is_current FROM match_members WHERE user_id = ?").map([.integer(user)]) {
                        [$0.int64(0), $0.int64(1), $0.int64(2)]
                    }
                }
                let waiting = "SELECT 1 FROM queue WHERE user_id = ?"
                return (
                    waiting: [try exists(waiting, [.integer(r)]), try exists(waiting, [.integer(s)])],
                    request: try exists("SELECT 1 FROM requests WHERE from_id = ? AND to_id = ?", [.integer(r), .integer(s)]),
                    otherRequests: try exists(
                        "SELECT 1 FROM requests WHERE (from_id IN (?1, ?2) OR to_id IN (?1, ?2)) AND NOT (from_id = ?1 AND to_id = ?2)",
                        [.integer(r), .integer(s)]),
                    requesterMatches: try memberships(r), accepterMatches: try memberships(s), ids: (r, s))
            }
            let matched =
                rows.waiting == [false, false] && !rows.request && !rows.otherRequests && rows.requesterMatches.count == 1
                && rows.accepterMatches.count == 1 && rows.requesterMatches[0] == [rows.accepterMatches[0][0], rows.ids.1, 1]
                && rows.accepterMatches[0] == [rows.requesterMatches[0][0], rows.ids.0, 1]
            let untouched =
                rows.waiting == [true, true] && rows.request && !rows.otherRequests && rows.requesterMatches.isEmpty
                && rows.accepterMatches.isEmpty
            XCTAssertTrue(matched || untouched, "round \(round): half a match: \(rows)")
            // Both users see the same thing.
            for (uid, partner) in viaBinary ? [(requester, accepter), (accepter, requester)] : [] {
                let status = try slp.run("--json", "queue", "status", "--as", uid).jsonObject()
                XCTAssertEqual(status["status"] as? String, matched ? "matched" : "waiting", "round \(round)")
                XCTAssertEqual(status["matchedUid"] as? String, matched ? partner : nil, "round \(round)")
            }
            return matched
        }

        var tallies: [Writer: Tally] = [:]
        var acknowledgedMessages = 0
        var expected = try check(-1)
        XCTAssertEqual(expected.matches, 1)
        let rounds = 100
        for round in 0..<rounds {
            let writer = Writer.allCases[round % Writer.allCases.count]
            let turn = round / Writer.allCases.count
            var tally = tallies[writer] ?? Tally()
            // Random pauses reach past the slowest acknowledgement seen, however loaded the machine.
            let longest = max(writer.pauses.upperBound, UInt32(tally.acknowledgedAfter.max() ?? 0) * 1_500)
            // Each writer's rounds cycle: locked, after an acknowledgement, at once, then five at random.
            let moment: Moment =
                switch turn % 8 {
                case 0: .whileLocked(UInt32.random(in: 0...25_000, using: &random))
                case 1: .afterAcknowledgement(UInt32.random(in: writer.pausesAfterAcknowledgement, using: &random))
                case 2: .afterPause(0)
                default: .afterPause(UInt32.random(in: 0...longest, using: &random))
                }
            let arguments: [String]
            var stdin: String?
            var pair: (requester: String, accepter: String)?
            var pairMatched = false
            switch writer {
            case .seed:
                arguments = ["seed", "--users", String(batch), "--seed", String(round)]
            case .chat:
                arguments = ["chat", "send", "--as", a]
                stdin = (0..<400).map { "round \(round) line \($0)" }.joined(separator: "\n") + "\n"
            case .accept:
                // A fresh pair: both waiting, the first has asked the second.
                let requester = try register(), accepter = try register()
                try queue(requester)
                try queue(accepter)
                XCTAssertEqual(try slp.run("match", "request", accepter, "--as", requester).status, 0)
                pair = (requester, accepter)
                arguments = ["match", "accept", requester, "--as", accepter]
                expected.queued += 2
                expected.requests += 1
            }

            let killed = try launchAndKill(arguments, stdin: stdin, writer: writer, at: moment, tally: &tally)
            let totals = try check(round)
            tally.rounds += 1
            if killed.acknowledgements > 0 { tally.acknowledged += 1 } else { tally.unacknowledged += 1 }
            if killed.diedOfKill { tally.killedRunning += 1 }
            if case .afterAcknowledgement = moment {
                XCTAssertGreaterThan(killed.acknowledgements, 0, "round \(round): acknowledged before the kill")
            }
            if moment.isLocked { XCTAssertEqual(killed.acknowledgements, 0, "round \(round): nothing stored under the lock") }

            switch writer {
            case .seed:
                let added = totals.seeded - expected.seeded
                XCTAssert(added == 0 || added == batch, "round \(round): \(added) users added")
                if killed.acknowledgements > 0 { XCTAssertEqual(added, batch, "round \(round): an acknowledged batch is stored") }
                if moment.isLocked { XCTAssertEqual(added, 0, "round \(round)") }
                if added > 0, killed.acknowledgements == 0 { tally.storedUnacknowledged += 1 }
                expected.seeded += added
                expected.queued += added
            case .chat:
                // Lines are stored in order, each acknowledged before the next is read: what is
                // stored is the acknowledged lines, and at most the one line after them.
                let stored = try Database(path: path).read { connection in
                    try connection.prepare("SELECT chat FROM messages WHERE chat LIKE ? ORDER BY seq").map([.text("round \(round) line %")]) {
                        $0.text(0)
                    }
                }
                XCTAssertEqual(stored, (0..<stored.count).map { "round \(round) line \($0)" }, "round \(round): stored lines in order")
                XCTAssertEqual(totals.messages - expected.messages, stored.count, "round \(round)")
                XCTAssert(
                    stored.count == killed.acknowledgements || stored.count == killed.acknowledgements + 1,
                    "round \(round): \(killed.acknowledgements) acknowledged, \(stored.count) stored")
                if stored.count > killed.acknowledgements { tally.storedUnacknowledged += 1 }
                acknowledgedMessages += killed.acknowledgements
                expected.messages = totals.messages
            case .accept:
                let (requester, accepter) = try XCTUnwrap(pair)
                let matched = try checkPair(requester: requester, accepter: accepter, round: round)
                if killed.acknowledgements > 0 {
                    XCTAssertTrue(matched, "round \(round): an acknowledged match is stored")
                    XCTAssert(killed.stdout.contains("(\(requester))"), "round \(round): \(killed.stdout)")
                }
                if moment.isLocked { XCTAssertFalse(matched, "round \(round)") }
                if matched, killed.acknowledgements == 0 { tally.storedUnacknowledged += 1 }
                if matched { expected.matched() }
                pairMatched = matched
            }
            tallies[writer] = tally
            compare(totals, expected, round)
            XCTAssertGreaterThanOrEqual(totals.messages, acknowledgedMessages, "round \(round): a printed message is a stored message")

            // A killed accept leaves the pair as it was, so accepting again works.
            if let (requester, accepter) = pair, !pairMatched {
                let retry = try slp.run("match", "accept", requester, "--as", accepter)
                XCTAssertEqual(retry.status, 0, "round \(round): \(retry.stderr)")
                XCTAssertTrue(try checkPair(requester: requester, accepter: accepter, round: round, viaBinary: false), "round \(round): matched on the retry")
                expected.matched()
                compare(try check(round), expected, round)
            }
        }

        for writer in Writer.allCases {
            let tally = try XCTUnwrap(tallies[writer])
            print("CrashCLITests: \(writer): \(tally)")
            // Guaranteed by the locked and after-acknowledgement rounds, whatever the timing.
            XCTAssertGreaterThan(tally.unacknowledged, 0, "\(writer): some kills came before any acknowledgement")
            XCTAssertGreaterThan(tally.acknowledged, 0, "\(writer): some kills came after an acknowledgement")
        }
        XCTAssertEqual(tallies.values.map(\.rounds).reduce(0, +), rounds)
        XCTAssertGreaterThan(acknowledgedMessages, 0, "some messages were acknowledged before the kills")
        let after = try slp.run("--json", "chat", "list", "--as", b)
        XCTAssertEqual(after.status, 0)
        XCTAssertEqual(try slp.run("chat", "send", "--as", a, "still here").status, 0)
    }
}

extension Process {
    /// Signalled when the process has exited. (`waitUntilExit` polls every 50 ms on Linux, which
    /// would cost this suite's 500 processes about half a minute.)
    fileprivate func exitSignal() -> DispatchSemaphore {
        let exited = DispatchSemaphore(value: 0)
        terminationHandler = { _ in exited.signal() }
        return exited
    }
}
