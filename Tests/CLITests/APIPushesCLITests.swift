import Foundation
#if PostgreSQL
import SLPPrivateCluster
#endif
import SLPTestSupport
import XCTest

/// Pushes to closed apps, end to end on every backend: `slp serve --fcm-credentials` (or
/// `GOOGLE_APPLICATION_CREDENTIALS`) runs `slp-push`, which sends each stored event's push to a
/// fake FCM over real HTTPS (`PushTestBed`); the fake checks every request as Google does (the
/// service account's JWT, the bearer, the message's shape). Waits poll `slp --json pushes` and
/// the fake's log, never a guessed sleep.
final class APIPushesCLITests: XCTestCase {
    /// A chat text with what JSON must escape, a letter of two bytes and an emoji of four.
    private let chatForm = "chat=%EC%95%88%EB%85%95%0A%22%EC%9D%B8%EC%9A%A9%22%20%F0%9F%91%8B"
    private let chatText = "안녕\n\"인용\" 👋"
    private let review = "comment=good&reputation=1&reputation=0&reputation=0&reputation=0&reputation=0&reputation=0"

    func testEachEventIsPushedOnceToItsRecipientWithTheKeysTheAppsRead() {
        TestBackend.each(self) { _, database, _ in
            let bed = try PushTestBed(database: database)
            let server = try bed.serve()
            let http = server.client
            let a = try bed.person(http, 1, fcmToken: "device-a"), b = try bed.person(http, 2, fcmToken: "device-b")
            let noToken = try bed.person(http, 3, fcmToken: nil)
            // One phone, two accounts: the second to register its token takes it from the first.
            let first = try bed.person(http, 4, fcmToken: "device-shared"), second = try bed.person(http, 5, fcmToken: "device-shared")
            let asker = try bed.person(http, 6, fcmToken: "device-asker")

            try a.post(http, "/v1/queue/studyrequest", "otheruid=\(b.uid)")
            // Accepted before its push went, a request is no news (dropped): b's phone hears of it first.
            XCTAssertTrue(bed.settled(sent: 1), "counts: \(bed.countsText)")
            try b.post(http, "/v1/queue/studyaccept", "otheruid=\(a.uid)")
            try a.post(http, "/v1/chat/\(b.uid)", chatForm)
            try b.post(http, "/v1/chat/\(a.uid)", "chat=hi")
            try a.post(http, "/v1/queue/dodge", "otheruid=\(b.uid)")
            // Reviews push nothing; neither does an event of someone without a token.
            try b.post(http, "/v1/queue/rate/\(a.uid)", review)
            try asker.post(http, "/v1/queue/studyrequest", "otheruid=\(noToken.uid)")
            try asker.post(http, "/v1/queue/studyrequest", "otheruid=\(first.uid)")
            try asker.post(http, "/v1/queue/studyrequest", "otheruid=\(second.uid)")

            XCTAssertTrue(bed.settled(sent: 6), "counts: \(bed.countsText)")
            let delivered = try bed.delivered()
            func data(to token: String) -> [[String: String]] { delivered.filter { $0.token == token }.map(\.data) }
            XCTAssertEqual(data(to: "device-b"), [
                ["studyRequest": "studyRequest"], ["matched": "1", "Uid": a.uid, "Nick": "p1", "body": chatText], ["dodge": "dodge"],
            ])
            XCTAssertEqual(data(to: "device-a"), [["studyAccepted": "studyAccepted"], ["matched": "1", "Uid": b.uid, "Nick": "p2", "body": "hi"]])
            XCTAssertEqual(data(to: "device-shared"), [["studyRequest": "studyRequest"]])
            XCTAssertEqual(delivered.count, 6, "nothing else, nothing twice: \(delivered.map(\.token))")
            XCTAssertEqual(Set(delivered.map(\.collapseID)).count, 6, "one collapse id per event")
            let alerts = try bed.fake.log().messages.compactMap { $0["notification"] as? [String: String] }
            XCTAssertTrue(alerts.contains(["title": "새싹 스터디", "body": "p1님이 함께 공부하고 싶어해요"]), "\(alerts)")
            XCTAssertTrue(alerts.contains(["title": "p1", "body": chatText]), "\(alerts)")
            XCTAssertEqual(try bed.fake.log().rejections, [], "every request as Google takes it")
            let counts = try bed.counts()
            XCTAssertEqual(counts["dropped"], 2, "the one without a token, the one whose token moved: \(counts)")
            XCTAssertEqual(server.stop(), 0)
            XCTAssertFalse(server.process.stderr.contains("slp push:"), "no fault to tell: \(server.process.stderr)")
            XCTAssertFalse(server.process.stderr.contains("pushes are off"))
        }
    }

    func testARequestWithdrawnWhileFCMIsDownIsNotPushedOnceItIsBack() {
        withTwoPeople { bed, server, a, b in
            let http = server.client
            try bed.fake.control(["down_for": 600])
            try a.post(http, "/v1/queue/studyrequest", "otheruid=\(b.uid)")
            XCTAssertTrue(Polling.until(every: 0.1) { ((try? bed.counts())?["retried"] ?? 0) >= 1 }, "tried while FCM is down")
            // Leaving the queue withdraws the asker's requests.
            XCTAssertEqual(try http.send("DELETE", "/v1/queue", headers: [("idtoken", a.token)]).status, 200)
            try bed.fake.control(["down_for": 0])
            XCTAssertTrue(Polling.until(every: 0.1) { (try? bed.counts())?["dropped"] == 1 }, "counts: \(bed.countsText)")
            let counts = try bed.counts()
            XCTAssertEqual(counts["pending"], 0)
            XCTAssertEqual(counts["sent"], 0)
            XCTAssertEqual(try bed.delivered().count, 0)
        }
    }

    func testFCMsRefusalsAreTriedAgainAsItAsksAndEachPushArrivesOnce() {
        withTwoPeople { bed, server, a, b in
            let http = server.client
            let steps: [(answers: [[String: Any]], act: () throws -> Void, token: String, statuses: [String])] = [
                ([["status": 503, "retry_after": 2]], { try a.post(http, "/v1/queue/studyrequest", "otheruid=\(b.uid)") }, "device-b", ["503", "200"]),
                ([["status": 429, "retry_after": 1, "error_code": "QUOTA_EXCEEDED"]], { try b.post(http, "/v1/queue/studyaccept", "otheruid=\(a.uid)") },
                 "device-a", ["429", "200"]),
                ([["status": 500, "count": 3]], { try a.post(http, "/v1/chat/\(b.uid)", "chat=one") }, "device-b", ["500", "500", "500", "200"]),
                ([["cut": true]], { try b.post(http, "/v1/chat/\(a.uid)", "chat=two") }, "device-a", ["cut", "200"]),
            ]
            var sent = 0
            for (answers, act, token, statuses) in steps {
                try bed.fake.control(["script": answers])
                let before = try bed.fake.log().received.count
                try act()
                sent += 1
                XCTAssertTrue(bed.settled(sent: sent), "\(statuses): \(bed.countsText)")
                let received = try bed.fake.log().received.dropFirst(before)
                XCTAssertEqual(received.map(\.token), Array(repeating: token, count: statuses.count))
                XCTAssertEqual(received.map(\.status), statuses)
                if statuses.first == "503" {
                    let gap = received.last!.time.timeIntervalSince(received.first!.time)
                    XCTAssertGreaterThanOrEqual(gap, 2, "Retry-After: 2 is honoured")
                }
            }
            XCTAssertEqual(try bed.delivered().count, 4, "each once")
            let counts = try bed.counts()
            XCTAssertEqual(counts["retried"], 6)
            XCTAssertEqual(counts["pending"], 0)
        }
    }

    func testAGoneTokenIsClearedAndTheNextTokenGetsPushesAgain() {
        withTwoPeople { bed, server, a, b in
            let http = server.client
            try bed.fake.control(["tokens": ["device-b": ["status": 404, "error_code": "UNREGISTERED"]]])
            try a.post(http, "/v1/queue/studyrequest", "otheruid=\(b.uid)")
            XCTAssertTrue(Polling.until(every: 0.1) { (try? bed.counts())?["tokensCleared"] == 1 }, "counts: \(bed.countsText)")
            let user = try JSONSerialization.jsonObject(with: try http.get("/v1/user", token: b.token).body) as? [String: Any]
            XCTAssertEqual(user?["FCMtoken"] as? String, "", "the gone token is cleared")

            let updated = try http.form("PUT", "/v1/user/update_fcm_token", token: b.token, "FCMtoken=device-b-new")
            XCTAssertEqual(updated.status, 200, updated.text)
            try b.post(http, "/v1/queue/studyaccept", "otheruid=\(a.uid)")
            try a.post(http, "/v1/chat/\(b.uid)", "chat=back")
            XCTAssertTrue(bed.settled(sent: 2), "counts: \(bed.countsText)")
            XCTAssertEqual(try bed.delivered().map(\.token), ["device-a", "device-b-new"])
        }
    }

    func testAnAccessTokenNoLongerAcceptedIsReplacedWithoutLosingThePush() {
        withTwoPeople { bed, server, a, b in
            let http = server.client
            try a.post(http, "/v1/queue/studyrequest", "otheruid=\(b.uid)")
            XCTAssertTrue(bed.settled(sent: 1))
            try bed.fake.control(["revoke_tokens": true])
            try b.post(http, "/v1/queue/studyaccept", "otheruid=\(a.uid)")
            XCTAssertTrue(bed.settled(sent: 2), "counts: \(bed.countsText)")
            let log = try bed.fake.log()
            XCTAssertEqual(log.tokensIssued, 2, "fetched again once")
            XCTAssertEqual(log.received.map(\.status), ["200", "401", "200"])
            XCTAssertEqual(try bed.counts()["retried"], 0, "refreshed and sent at once")
        }
    }

    func testConfigurationFaultsAreSaidOnceWithoutTokensKeysOrPaths() {
        TestBackend.each(self) { _, database, _ in
            let bed = try PushTestBed(database: database)
            let server = try bed.serve()
            let http = server.client
            let asker = try bed.person(http, 1, fcmToken: "device-asker")
            let people = try (2...7).map { try bed.person(http, $0, fcmToken: "device-\($0)") }
            try bed.fake.control(["tokens": [
                "device-2": ["status": 401, "error_code": "THIRD_PARTY_AUTH_ERROR"], "device-3": ["status": 401, "error_code": "THIRD_PARTY_AUTH_ERROR"],
                "device-4": ["status": 400, "error_code": "INVALID_ARGUMENT", "message": "Invalid value at 'message.data[0].value'"],
                "device-5": ["status": 400, "error_code": "INVALID_ARGUMENT", "message": "Invalid value at 'message.data[0].value'"],
            ]])
            for person in people.prefix(4) { try asker.post(http, "/v1/queue/studyrequest", "otheruid=\(person.uid)") }
            XCTAssertTrue(Polling.until(every: 0.1) { (try? bed.counts()).map { $0["parked"] == 2 && $0["dropped"] == 2 } ?? false }, bed.countsText)
            // The account's key revoked in Google's console: the token endpoint refuses it.
            var account = try XCTUnwrap(try JSONSerialization.jsonObject(with: bed.fake.serviceAccountJSON) as? [String: String])
            account["client_email"] = "someone-else@slp-test-project.iam.gserviceaccount.com"
            try JSONSerialization.data(withJSONObject: account).write(to: URL(fileURLWithPath: bed.fake.serviceAccountPath))
            try bed.fake.control(["revoke_tokens": true])
            for person in people.suffix(2) { try asker.post(http, "/v1/queue/studyrequest", "otheruid=\(person.uid)") }
            XCTAssertTrue(Polling.until(every: 0.1) { (try? bed.counts())?["parked"] == 4 }, bed.countsText)
            XCTAssertEqual(server.stop(), 0)
            let log = server.process.stderr.split(separator: "\n").filter { $0.hasPrefix("slp push: ") }
            XCTAssertEqual(log.count, 3, "each fault once: \(log)")
            XCTAssertEqual(log.filter { $0.contains("THIRD_PARTY_AUTH_ERROR") && $0.contains("APNs key") }.count, 1, "\(log)")
            XCTAssertEqual(log.filter { $0.contains("as malformed, a bug") && $0.contains("message.data[0].value") }.count, 1, "\(log)")
            XCTAssertEqual(log.filter { $0.contains("credentials are refused") }.count, 1, "\(log)")
            for secret in ["device-", bed.fake.serviceAccountPath, "BEGIN", "Bearer", "eyJ"] {
                XCTAssertFalse(server.process.stderr.contains(secret), "\(secret) in \(server.process.stderr)")
            }
            XCTAssertEqual(try bed.slp.run("pushes").stdout, """
                pending         4
                sent            0
                retried         0
                dropped         2
                tokens cleared  0
                parked          4

                """, "parked pushes wait in the outbox")
        }
    }

    func testThePushSenderKilledIsStartedAgainAndSendsOn() {
        withTwoPeople { bed, server, a, b in
            let http = server.client
            try a.post(http, "/v1/queue/studyrequest", "otheruid=\(b.uid)")
            XCTAssertTrue(bed.settled(sent: 1), bed.countsText)
            let sender = { ServeProcesses.descendants(of: server.process.pid).first { pid in
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe"))?.hasSuffix("/slp-push") == true
            } }
            let first = try XCTUnwrap(sender())
            kill(first, SIGKILL)
            XCTAssertTrue(Polling.until { sender().map { $0 != first } ?? false }, "started again")
            XCTAssertTrue(
                Polling.until { server.process.stderr.contains("slp serve: the push sender stopped (status 137); started it again\n") },
                server.process.stderr)
            try b.post(http, "/v1/queue/studyaccept", "otheruid=\(a.uid)")
            XCTAssertTrue(bed.settled(sent: 2), bed.countsText)
            XCTAssertEqual(try bed.delivered().map(\.token), ["device-b", "device-a"])
        }
    }

    func testBrokenCredentialsStopServeInOneLineWithoutTheirPathOrKey() throws {
        let directory = try TemporaryDirectory()
        let scratch = directory.path("tmp")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let slp = SLPBinary(database: directory.path("slp.sqlite"), extra: ["TMPDIR": scratch, "PATH": "/usr/bin:/bin:/usr/sbin:/sbin"])
        let fake = try FakeFCM()
        let good = try XCTUnwrap(try JSONSerialization.jsonObject(with: fake.serviceAccountJSON) as? [String: String])
        let key = try XCTUnwrap(good["private_key"])
        let file = directory.path("credentials.json")
        func with(_ changes: [String: String?]) throws -> String {
            var account = good
            for (name, value) in changes { account[name] = value }
            return String(decoding: try JSONSerialization.data(withJSONObject: account), as: UTF8.self)
        }
        for (contents, why) in [
            (nil, "the service account file cannot be read (No such file or directory)"),
            ("garbage", "the service account file is not a JSON object"),
            (try with(["type": "authorized_user"]), "the service account file's type is not service_account"),
            (try with(["private_key": nil]), "the service account file has no string field private_key"),
            (try with(["private_key": String(key.dropLast(200))]),
             "the service account's private_key is unreadable: not an unencrypted PEM RSA key of 2048 bits or more"),
        ] as [(String?, String)] {
            try? FileManager.default.removeItem(atPath: file)
            if let contents { try contents.write(toFile: file, atomically: true, encoding: .utf8) }
            for (arguments, environment, source) in [
                (["--fcm-credentials", file], [:], "--fcm-credentials"), ([], ["GOOGLE_APPLICATION_CREDENTIALS": file], "GOOGLE_APPLICATION_CREDENTIALS"),
            ] as [([String], [String: String], String)] {
                let result = try slp.run(["serve", "--port", String(try HTTPTestClient.freePort())] + arguments, environment: environment)
                XCTAssertEqual(result.status, 78, result.stderr)
                XCTAssertEqual(result.stderr, "Error: \(source): \(why)\n")
                XCTAssertFalse(result.stderr.contains(file) || result.stderr.contains("credentials.json") || result.stderr.contains("MII"))
                XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch), [], "nothing started")
            }
        }

        try fake.serviceAccountJSON.write(to: URL(fileURLWithPath: file))
        let missing = try slp.run(
            ["serve", "--port", String(try HTTPTestClient.freePort()), "--fcm-credentials", file], environment: ["SLP_PUSH": directory.path("none")])
        XCTAssertEqual(missing.status, 69, missing.stderr)
        XCTAssertEqual(missing.stderr, "Error: slp serve sends pushes with slp-push, which is not installed beside slp (or set SLP_PUSH)\n")

        let server = try ServedSLP(slp)
        XCTAssertEqual(server.stop(), 0)
        XCTAssertEqual(server.process.stderr.components(separatedBy: "pushes are off").count, 2, "said once: \(server.process.stderr)")
    }

    func testTwoServesOverOneDatabaseSendEachPushOnce() {
        TestBackend.each(self) { _, database, _ in
            let bed = try PushTestBed(database: database)
            let servers = [try bed.serve(), try bed.serve()]
            let pairs = try (0..<4).map { try bed.pair(servers[0].client, 2 * $0 + 1) }
            // Each person of a pair writes the other 30 lines at once, through the command line.
            let writers = try pairs.flatMap { [$0.0, $0.1] }.map { person in
                try BackgroundSLP(bed.slp, ["chat", "send", "--as", person.phone], standardInput: try Self.lines(30, from: person))
            }
            for writer in writers { XCTAssertEqual(writer.exit(), 0, writer.stderr) }
            let total = 4 * 2 + 8 * 30
            XCTAssertTrue(bed.settled(sent: total), "counts: \(bed.countsText)")
            let delivered = try bed.delivered()
            XCTAssertEqual(delivered.count, total, "none twice")
            XCTAssertEqual(Set(delivered.map(\.collapseID)).count, total)
            for server in servers { XCTAssertEqual(server.stop(), 0) }
        }
    }

    func testServeKilledMidBurstSendsTheRestWhenStartedAgainAndRepeatsOnlyWhatWasInFlight() {
        TestBackend.each(self) { _, database, _ in
            let bed = try PushTestBed(database: database)
            let port = try HTTPTestClient.freePort()
            var server = try bed.serve(port: port)
            let pairs = try (0..<3).map { try bed.pair(server.client, 2 * $0 + 1) }
            XCTAssertTrue(bed.settled(sent: 6))
            // FCM answers slowly: sends are in flight when serve dies.
            try bed.fake.control(["delay_ms": 200])
            let writers = try pairs.map { pair in
                try BackgroundSLP(bed.slp, ["chat", "send", "--as", pair.0.phone], standardInput: try Self.lines(40, from: pair.0))
            }
            for writer in writers { XCTAssertEqual(writer.exit(), 0, writer.stderr) }
            XCTAssertTrue(Polling.until { ((try? bed.fake.log().messages.count) ?? 0) >= 6 + 10 })
            // As a machine's crash would: serve and every process under it at once.
            let tree = [server.process.pid] + ServeProcesses.descendants(of: server.process.pid)
            for pid in tree { kill(pid, SIGKILL) }
            _ = server.process.kill9()
            XCTAssertTrue(Polling.until { tree.allSatisfy { kill($0, 0) != 0 } }, "all gone")
            let before = try bed.fake.log().messages.count
            XCTAssertLessThan(before, 6 + 3 * 40, "killed mid-burst")

            server = try bed.serve(port: port)
            // Well before the dead sender's leases (two minutes) run out: taken over as it is gone.
            XCTAssertTrue(Polling.until(60, every: 0.1) { (try? bed.counts())?["pending"] == 0 }, "counts: \(bed.countsText)")
            let delivered = try bed.delivered()
            let chats = delivered.filter { $0.data["matched"] == "1" }
            XCTAssertEqual(Set(chats.map(\.collapseID)).count, 3 * 40, "every push sent")
            XCTAssertLessThanOrEqual(chats.count - 3 * 40, 3, "a repeat only of what was in flight: one per recipient")
            for pair in pairs {
                let bodies = chats.filter { $0.token == pair.1.fcmToken }.map { $0.data["body"] ?? "" }
                XCTAssertEqual(Self.withoutRepeats(bodies), (1...40).map { "p\(pair.0.index) line \($0)" }, "in commit order")
            }
            XCTAssertEqual(server.stop(), 0)
            XCTAssertTrue(server.process.stderr.contains("slp push: took over "), server.process.stderr)
        }
    }

    func testFCMDownForAMinuteWhileFiveHundredEventsCommitSendsThemAllAfterInOrderOnce() {
        TestBackend.each(self) { _, database, _ in
            let bed = try PushTestBed(database: database)
            let server = try bed.serve()
            let pairs = try (0..<5).map { try bed.pair(server.client, 2 * $0 + 1) }
            XCTAssertTrue(bed.settled(sent: 10))
            try bed.fake.control(["down_for": 60])
            let down = Date()
            let writers = try pairs.map { pair in
                try BackgroundSLP(bed.slp, ["chat", "send", "--as", pair.0.phone], standardInput: try Self.lines(100, from: pair.0))
            }
            for writer in writers { XCTAssertEqual(writer.exit(), 0, writer.stderr) }
            XCTAssertLessThan(Date().timeIntervalSince(down), 60, "all committed while FCM is down")
            XCTAssertEqual(try bed.fake.log().messages.count, 10)
            XCTAssertTrue(bed.settled(sent: 10 + 500, within: 60 + SLPBinary.patience), "counts: \(bed.countsText)")
            let chats = try bed.delivered().filter { $0.data["matched"] == "1" }
            XCTAssertEqual(chats.count, 500, "none twice")
            for pair in pairs {
                XCTAssertEqual(
                    chats.filter { $0.token == pair.1.fcmToken }.map { $0.data["body"] ?? "" }, (1...100).map { "p\(pair.0.index) line \($0)" },
                    "in commit order")
            }
            XCTAssertEqual(server.stop(), 0)
        }
    }

    #if PostgreSQL
    /// The sender through a restart of the server: its connections are opened again and it sends
    /// on, what was committed before and after, each once, in order.
    func testThePushSenderRidesOutAPostgreSQLRestartSendingEachPushOnce() throws {
        let cluster = try PrivateCluster.owned()
        let bed = try PushTestBed(database: try cluster.freshDatabase())
        let server = try bed.serve()
        let http = server.client
        let (a, b) = try bed.pair(http, 1)
        for index in 1...5 { try a.post(http, "/v1/chat/\(b.uid)", "chat=before\(index)") }
        XCTAssertTrue(bed.settled(sent: 2 + 5), bed.countsText)
        try cluster.restart()
        for index in 1...5 { try a.post(http, "/v1/chat/\(b.uid)", "chat=after\(index)") }
        XCTAssertTrue(bed.settled(sent: 2 + 10), bed.countsText)
        let bodies = try bed.delivered().filter { $0.token == b.fcmToken }.compactMap { $0.data["body"] }
        XCTAssertEqual(bodies, (1...5).map { "before\($0)" } + (1...5).map { "after\($0)" })
        XCTAssertEqual(server.stop(), 0)
    }
    #endif

    /// Two people with tokens (`device-a`, `device-b`) signed up through a serve with pushes on,
    /// on every backend; serve stops cleanly after `body`.
    private func withTwoPeople(_ body: (_ bed: PushTestBed, _ server: ServedSLP, _ a: PushPerson, _ b: PushPerson) throws -> Void) {
        TestBackend.each(self) { _, database, _ in
            let bed = try PushTestBed(database: database)
            let server = try bed.serve()
            try body(bed, server, try bed.person(server.client, 1, fcmToken: "device-a"), try bed.person(server.client, 2, fcmToken: "device-b"))
            XCTAssertEqual(server.stop(), 0)
        }
    }

    /// `count` numbered lines by `person`, as a file for `slp chat send`'s standard input.
    private static func lines(_ count: Int, from person: PushPerson) throws -> FileHandle {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("slp-lines-\(UUID().uuidString)").path
        try (1...count).map { "p\(person.index) line \($0)\n" }.joined().write(toFile: path, atomically: true, encoding: .utf8)
        let handle = try XCTUnwrap(FileHandle(forReadingAtPath: path))
        try FileManager.default.removeItem(atPath: path)
        return handle
    }

    /// `bodies` with a send repeated right after itself kept once.
    private static func withoutRepeats(_ bodies: [String]) -> [String] {
        bodies.reduce(into: []) { kept, body in if kept.last != body { kept.append(body) } }
    }
}
