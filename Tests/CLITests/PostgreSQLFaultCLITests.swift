#if PostgreSQL
import Foundation
import SLPPrivateCluster
import XCTest

/// A PostgreSQL server that restarts, stops, is out of reach or ends slp's sessions: followers
/// reconnect and print everything once, commands give up with exit 74 in one line (a refusal at
/// once, a silent port at its connect timeout; never the 30 s of trying again), and a write cut
/// off mid-transaction is run again whole or refused, never half stored nor stored twice.
/// `Scripts/pg-faults` runs longer versions, and `kill -9` ×50; how long each give-up takes is
/// `slp-bench`'s figure (`--chat-only` with the PostgreSQL trait), not a bound here.
final class PostgreSQLFaultCLITests: XCTestCase {
    private func register(_ slp: SLPBinary, _ phone: String) throws -> String {
        let result = try slp.run("register", "--phone", phone, "--nick", "f", "--birth", "1995-05-05", "--email", "f@example.com", "--gender", "female")
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    private func ok(_ slp: SLPBinary, _ arguments: String..., stdin: String? = nil) throws {
        let result = try slp.run(arguments, stdin: stdin)
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
    }

    /// Two users matched with each other; their uids.
    private func matchedPair(_ slp: SLPBinary, _ first: Int) throws -> (String, String) {
        let a = try register(slp, String(format: "010-72%02d-%04d", first / 10_000, first % 10_000))
        let b = try register(slp, String(format: "010-72%02d-%04d", (first + 1) / 10_000, (first + 1) % 10_000))
        for uid in [a, b] { try ok(slp, "queue", "--as", uid, "--lat", "37.5", "--long", "127.0") }
        try ok(slp, "match", "request", b, "--as", a)
        try ok(slp, "match", "accept", a, "--as", b)
        return (a, b)
    }

    /// The `chat` of each JSON line.
    private func chats(_ lines: [Substring]) -> [String] {
        lines.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["chat"] as? String
        }
    }

    func testChatFollowAndEventsRideOutARestartAndAStopPrintingEachMessageOnce() throws {
        let cluster = try PrivateCluster.owned()
        let slp = SLPBinary(database: try cluster.freshDatabase(), now: nil)
        let (a, b) = try matchedPair(slp, 1)
        // No start-up race: `chat follow` prints the conversation so far before following, and
        // `events` starts after the last event stored now, whenever it gets going.
        let latest = try slp.run("--json", "events", "--as", a, "--since", "0", "--once").stdout.split(separator: "\n").last
            .flatMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["id"] as? Int } ?? 0
        let follower = try BackgroundSLP(slp, ["--json", "chat", "follow", "--as", a])
        let events = try BackgroundSLP(slp, ["--json", "events", "--as", a, "--since", String(latest)])
        var sent: [String] = []
        func send(_ text: String) throws {
            try ok(slp, "chat", "send", "--as", b, text)
            sent.append(text)
        }
        func shown(_ count: Int) -> Bool {
            follower.waitUntil { $0.lines.count >= count } && events.waitUntil { $0.lines.count >= count }
        }
        for index in 1...3 { try send("before \(index)") }
        XCTAssertTrue(shown(3), follower.stdout + follower.stderr)

        // Restarted: every session ends; the messages sent right after must show, once.
        try cluster.restart()
        let up = Date()
        try send("after restart 1")
        XCTAssertTrue(shown(4), follower.stdout + follower.stderr + events.stderr)
        let reconnected = Date().timeIntervalSince(up)
        for index in 2...3 { try send("after restart \(index)") }
        XCTAssertTrue(shown(6), follower.stdout + follower.stderr)

        // Stopped for a second (the outage itself, not a wait for something): a sender is refused,
        // the followers wait; started again, they go on.
        try cluster.stop()
        let refused = try slp.run("chat", "send", "--as", b, "while stopped")
        XCTAssertEqual(refused.status, 74, refused.stderr)
        XCTAssertEqual(refused.errorLines.count, 1, refused.stderr)
        usleep(1_000_000)
        XCTAssertTrue(follower.isRunning && events.isRunning, follower.stderr + events.stderr)
        try cluster.start()
        for index in 1...3 { try send("after start \(index)") }
        XCTAssertTrue(shown(9), follower.stdout + follower.stderr)

        try ok(slp, "match", "dodge", "--as", b)
        XCTAssertEqual(follower.exit(), 0, follower.stderr)
        XCTAssertTrue(events.waitUntil { $0.lines.count == sent.count + 1 }, events.stdout + events.stderr)
        XCTAssertEqual(follower.stderr, "")
        XCTAssertEqual(chats(follower.lines), sent, "every message once, in order")
        events.signal(SIGINT)
        XCTAssertNotNil(events.exit(), events.stderr)
        XCTAssertEqual(events.stderr, "")
        XCTAssertEqual(chats(events.lines), sent, "every message event once, in order")
        // The dodge's event came too; every id once, rising.
        let ids = events.lines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["id"] as? Int }
        XCTAssertEqual(ids.count, sent.count + 1, events.stdout)
        XCTAssertEqual(ids, ids.sorted(), events.stdout)
        XCTAssertEqual(Set(ids).count, ids.count, events.stdout)
        print("PostgreSQLFaultCLITests: chat follow showed the first message after a restart \(Int(reconnected * 1_000)) ms after the server was up")
    }

    /// An SCGI worker, as `slp serve` keeps one, answers a request, then PostgreSQL restarts (and
    /// later stops and starts) and ends its session: the worker's next request finds the
    /// connection dead, opens a new one and is answered as if nothing had happened, a write
    /// among them stored once.
    func testAWorkerAnswersEveryRequestAfterARestart() throws {
        let cluster = try PrivateCluster.owned()
        let url = try cluster.freshDatabase()
        let slp = SLPBinary(database: url, now: nil)
        let (a, b) = try matchedPair(slp, 31)
        let token = try slp.run("--as", a, "token").stdout.trimmingCharacters(in: .newlines)
        let directory = try TemporaryDirectory()
        let worker = try SCGITestWorker(slp, in: directory)
        let before = try worker.exchange(SCGITestWorker.request("GET", "/v1/user", token: token))
        XCTAssertEqual(SCGITestWorker.status(before), "Status: 200 OK", before)

        try cluster.restart()
        let sent = try worker.exchange(SCGITestWorker.request("POST", "/v1/chat/\(b)", token: token, body: "chat=after+the+restart"))
        XCTAssertEqual(SCGITestWorker.status(sent), "Status: 200 OK", sent + worker.process.stderr)
        try cluster.stop()
        try cluster.start()
        let read = try worker.exchange(SCGITestWorker.request("GET", "/v1/chat/\(b)", token: token))
        XCTAssertEqual(SCGITestWorker.status(read), "Status: 200 OK", read + worker.process.stderr)
        XCTAssertTrue(read.contains("after the restart"), read)
        XCTAssertEqual(try cluster.query("SELECT count(*) FROM slp.messages WHERE chat = 'after the restart'", on: url), [["1"]])
        XCTAssertEqual(worker.process.stderr, "")
    }

    /// The realtime hub through a restart of the server: its LISTEN connection and its reads are
    /// opened again and it reads on from where it stood, so a socket gets every message sent
    /// before and right after the restart, once, in order.
    func testTheHubRidesOutARestartTellingEachMessageOnce() throws {
        let cluster = try PrivateCluster.owned()
        let slp = SLPBinary(database: try cluster.freshDatabase(), now: nil)
        let server = try ServedSLP(slp)
        let (a, b) = try APIPerson.matched(slp, server.client, block: 5600, 0)
        let socket = try SocketIOTestClient(port: server.port, token: b.token, announcing: b.uid)
        XCTAssertTrue(socket.waitUntil { $0.count("ack") == 1 }, "\(socket.reports) \(socket.standardError)")
        var sent = [try a.send(server.client, to: b, "before")]
        XCTAssertTrue(socket.waitUntil { $0.events("chat").count == 1 }, "\(socket.reports)")
        try cluster.restart()
        for index in 1...3 {
            // A worker whose connection the restart ended opens a new one and answers: no 500.
            sent.append(try a.send(server.client, to: b, "after\(index)"))
        }
        XCTAssertTrue(socket.waitUntil { $0.events("chat").count >= 4 }, "\(socket.reports) \(server.process.stderr)")
        XCTAssertEqual(socket.events("chat"), sent, "every message once, in order")
        socket.close()
        XCTAssertEqual(server.stop(), 0)
    }

    /// The bounds say only which wait it was: a refusal takes no connect timeout (5 s by default,
    /// so under 4.5 s: no healthy machine, however slow, takes that long to start and fail), a
    /// silent port takes its own (2 s here: more than 1.5 s, under 4.5 s, so not slp's default 5 s),
    /// and neither takes the 30 s slp tries a lost connection again for.
    func testAStoppedServerARefusedPortAndASilentOneExit74InOneLineWithinTheConnectTimeout() throws {
        let cluster = try PrivateCluster.owned()
        let url = try cluster.freshDatabase()
        let slp = SLPBinary(database: url, now: nil)
        let (a, b) = try matchedPair(slp, 11)
        try cluster.stop()
        defer { XCTAssertNoThrow(try cluster.start()) }

        // A listener that never answers: libpq waits for the server's first word until its timeout.
        let silent = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(silent) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(silent, $0, length) == 0 && listen(silent, 16) == 0 && getsockname(silent, $0, &length) == 0 }
        }
        XCTAssertTrue(bound)
        let silentPort = UInt16(bigEndian: address.sin_port)

        let password = "pw-never-shown"
        let cases: [(what: String, url: String, limit: Double)] = [
            ("the stopped server's socket", url, 4.5),
            ("a refused TCP port", "postgresql://slp:\(password)@127.0.0.1:1/slp", 4.5),
            ("a silent TCP port, connect_timeout=2", "postgresql://slp:\(password)@127.0.0.1:\(silentPort)/slp?connect_timeout=2", 4.5),
        ]
        let commands = [["user", "show", "--as", a], ["chat", "send", "--as", b, "hello"], ["match", "dodge", "--as", a], ["seed", "--users", "10"]]
        for (what, url, limit) in cases {
            // The silent port costs its whole timeout each time: one command there.
            for command in what.hasPrefix("a silent") ? [commands[0]] : commands {
                let start = Date()
                let result = try slp.run(["--db", url] + command)
                let took = Date().timeIntervalSince(start)
                let context = "\(what), \(command[0]) \(command[1])"
                XCTAssertEqual(result.status, 74, "\(context): \(result.stderr)")
                XCTAssertEqual(result.stdout, "", context)
                XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "\(context): \(result.stderr)")
                XCTAssertTrue(result.stderr.hasPrefix("Error: cannot connect to PostgreSQL database "), "\(context): \(result.stderr)")
                XCTAssertFalse(result.stderr.contains(password) || result.stderr.contains(cluster.password), "\(context): the password is shown")
                XCTAssertLessThan(took, limit, "\(context): exit after \(took) s")
                if what.hasPrefix("a silent") { XCTAssertGreaterThan(took, 1.5, "\(context): waited for the timeout") }
            }
        }
    }

    /// Every slp session on the database is ended every few milliseconds while one `chat send`
    /// posts 200 lines from stdin and pairs are matched: each write is run again whole on a new
    /// connection, or (ended while committing) refused with 74 and stored at most once.
    func testSessionsEndedMidTransactionRetryWholeOrRefuseNeverHalfDone() throws {
        let seed = try randomSeed()
        let cluster = try PrivateCluster.shared()
        let url = try cluster.freshDatabase()
        let slp = SLPBinary(database: url, now: nil)
        let (a, _) = try matchedPair(slp, 21)
        // Pairs to match later: both waiting, the first has asked the second.
        var pairs: [(requester: String, accepter: String)] = []
        for pair in 0..<8 {
            let requester = try register(slp, String(format: "010-73%02d-0001", pair))
            let accepter = try register(slp, String(format: "010-73%02d-0002", pair))
            for uid in [requester, accepter] { try ok(slp, "queue", "--as", uid, "--lat", "37.5", "--long", "127.0") }
            try ok(slp, "match", "request", accepter, "--as", requester)
            pairs.append((requester, accepter))
        }
        let database = try XCTUnwrap(try cluster.query("SELECT current_database()", on: url).first?.first ?? nil)
        let killer = SessionKiller(cluster: cluster, url: url, database: database, seed: seed)
        killer.start()

        // Lines in order; after a refusal, the stored ones are skipped and the rest sent again.
        let lines = (1...200).map { "line \($0)" }
        var next = 0, runs = 0, refusedAtCommit = 0, refusedConnecting = 0, acknowledged = 0
        while next < lines.count, runs < 200 {
            runs += 1
            let result = try slp.run(["chat", "send", "--as", a], stdin: lines[next...].joined(separator: "\n") + "\n")
            let acks = result.stdout.split(separator: "\n").filter { $0.hasPrefix("Sent at ") }.count
            acknowledged += acks
            next += acks
            if result.status == 0 { XCTAssertEqual(next, lines.count); break }
            XCTAssertEqual(result.status, 74, result.stderr)
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
            if result.stderr.contains("while committing, so this write may or may not be stored") {
                refusedAtCommit += 1
                // The line in doubt: stored or not, never twice; if stored, it is done.
                let stored = try cluster.query("SELECT count(*) FROM slp.messages WHERE chat = '\(lines[next])'", on: url)[0][0]
                XCTAssert(stored == "0" || stored == "1", "\(lines[next]) stored \(stored ?? "?") times")
                if stored == "1" { next += 1 }
            } else {
                refusedConnecting += 1
            }
        }

        // Each accept matches its pair whole or leaves it as it was; refused, it is tried again.
        var acceptsRefused = 0
        for (index, pair) in pairs.enumerated() {
            for _ in 0..<30 {
                let accept = try slp.run("match", "accept", pair.requester, "--as", pair.accepter)
                if accept.status != 0 {
                    acceptsRefused += 1
                    XCTAssertEqual(accept.status, 74, accept.stderr)
                    XCTAssertEqual(accept.stderr.split(separator: "\n").count, 1, accept.stderr)
                }
                let state = try cluster.query("""
                    WITH pair AS (SELECT id FROM slp.users WHERE uid IN ('\(pair.requester)', '\(pair.accepter)'))
                    SELECT (SELECT count(*) FROM slp.queue WHERE user_id IN (SELECT id FROM pair)),
                           (SELECT count(*) FROM slp.requests WHERE from_id IN (SELECT id FROM pair) OR to_id IN (SELECT id FROM pair)),
                           (SELECT count(*) FROM slp.match_members WHERE user_id IN (SELECT id FROM pair) AND partner_id IN (SELECT id FROM pair) AND is_current),
                           (SELECT count(DISTINCT match_id) FROM slp.match_members WHERE user_id IN (SELECT id FROM pair))
                    """, on: url)[0]
                // Before: both waiting, one request, no match; after: neither waiting, no request, one match of the two.
                let untouched = state == ["2", "1", "0", "0"]
                let whole = state == ["0", "0", "2", "1"]
                XCTAssertTrue(untouched || whole, "pair \(index): half a match: \(state)")
                if accept.status == 0 { XCTAssertTrue(whole, "pair \(index): acknowledged but not matched: \(state)") }
                if !untouched { break }
            }
        }
        let kills = killer.stop()

        let stored = try cluster.query("SELECT chat FROM slp.messages ORDER BY seq", on: url).map { $0[0] ?? "" }
        XCTAssertEqual(stored, lines, "every line stored once, in order")
        XCTAssertGreaterThanOrEqual(stored.count, acknowledged)
        let events = try cluster.query("SELECT count(*) FROM slp.events WHERE type = 'message'", on: url)[0][0]
        XCTAssertEqual(events, "\(stored.count)", "every message has its event, and no other")
        let matched = try cluster.query("SELECT count(*) FROM slp.matches", on: url)[0][0]
        XCTAssertEqual(matched, "9", "the first pair's match and the eight")
        XCTAssertGreaterThan(kills, 10, "sessions were ended")
        print("PostgreSQLFaultCLITests: \(kills) sessions ended; 200 lines in \(runs) runs (\(refusedAtCommit) refused at commit, \(refusedConnecting) while connecting); 8 pairs matched, \(acceptsRefused) accepts refused")
    }
}
#endif
