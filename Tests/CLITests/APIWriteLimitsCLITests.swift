import Foundation
import XCTest

/// How fast one user may write over the API (docs/API.md, "Limits"), through `slp serve` and a
/// real lighttpd: 20 chat messages at once then 5 a second, 10 other writes then 2 a second;
/// past that 429 `too_many_writes` with `Retry-After`, and nothing done; one bucket per user
/// whichever worker or CGI process answers; reads never refused; a process that dies holding
/// the buckets' lock holds nobody up. On every backend.
final class APIWriteLimitsCLITests: XCTestCase {
    private static let chatRefusal = #"{"error":{"code":"too_many_writes","status":429,"message":"too many chat messages: 20 at once, then 5 a second; try again in 1 s"}}"# + "\n"
    private static let writeRefusal = #"{"error":{"code":"too_many_writes","status":429,"message":"too many writes: 10 at once, then 2 a second; try again in 1 s"}}"# + "\n"

    /// slp on `database` whose serve makes its private directory in `scratch` (to find its
    /// workers and files there).
    private func slp(_ database: String, _ directory: TemporaryDirectory) throws -> (SLPBinary, String) {
        let scratch = directory.path("tmp")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        return (SLPBinary(database: database, extra: ["TMPDIR": scratch]), scratch)
    }

    /// Sends `requests` from `threads` threads at once, each its share one after another: the
    /// answers in the order of `requests`, and the seconds from the first send to the last answer.
    private func concurrently(
        _ http: HTTPTestClient, threads: Int, _ requests: [(method: String, path: String, token: String, body: String)]
    ) throws -> ([HTTPTestClient.Response], Double) {
        let started = Date()
        let work = (0..<threads).map { thread in
            BackgroundWork { () throws -> [(Int, HTTPTestClient.Response)] in
                try stride(from: thread, to: requests.count, by: threads).map { index in
                    let request = requests[index]
                    return (index, try http.form(request.method, request.path, token: request.token, request.body))
                }
            }
        }
        var answers: [Int: HTTPTestClient.Response] = [:]
        for part in work { for (index, answer) in try part.result() { answers[index] = answer } }
        return ((0..<requests.count).map { answers[$0]! }, Date().timeIntervalSince(started))
    }

    /// The context switches `pid` has made: a worker waiting in accept() makes none.
    private func switches(_ pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") } ?? ""
        return Int(line.split(separator: "\t").last.map(String.init) ?? "") ?? 0
    }

    private func chats(_ http: HTTPTestClient, _ person: APIPerson, with partner: APIPerson) throws -> [String] {
        let answer = try http.get("/v1/chat/\(partner.uid)", token: person.token)
        XCTAssertEqual(answer.status, 200, answer.text)
        let payload = try XCTUnwrap((try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])?["payload"] as? [[String: Any]])
        return payload.compactMap { $0["chat"] as? String }
    }

    func testWritesPastTheBucketAre429UntilItRefillsOneBucketForEveryWorkerAndReadsNeverAre() {
        TestBackend.each(self) { _, database, directory in
            let (slp, scratch) = try slp(database, directory)
            let server = try ServedSLP(slp)
            let http = server.client
            let (a, b) = try APIPerson.matched(slp, http, block: 6100, 1)
            let workerCount = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)
            XCTAssertTrue(server.process.waitUntil { _ in ServeProcesses.workers(under: scratch).count == workerCount })
            let workers = ServeProcesses.workers(under: scratch)

            // The first 20 in a row are all sent; then 40 more from 8 connections at once, which
            // lighttpd shares out among its workers.
            let started = Date()
            for index in 1...20 { XCTAssertEqual(try http.form("POST", "/v1/chat/\(b.uid)", token: a.token, "chat=m\(index)").status, 200) }
            let before = workers.map(switches)
            let (answers, _) = try concurrently(http, threads: 8, (21...60).map { ("POST", "/v1/chat/\(b.uid)", a.token, "chat=m\($0)") })
            let elapsed = Date().timeIntervalSince(started)
            let busy = zip(workers, before).filter { switches($0.0) > $0.1 }.count
            XCTAssertGreaterThanOrEqual(busy, 2, "several workers answered the burst")

            let refused = answers.filter { $0.status == 429 }
            let sent = (1...20).map { "m\($0)" } + zip(21...60, answers).filter { $0.1.status == 200 }.map { "m\($0.0)" }
            XCTAssertEqual(refused.count + sent.count, 60, "every answer 200 or 429: \(answers.map(\.status))")
            XCTAssertGreaterThanOrEqual(refused.count, 1)
            XCTAssertLessThanOrEqual(Double(sent.count), 20 + 5 * elapsed + 1, "one bucket for every worker: 20 at once, then 5 a second")
            for answer in refused {
                XCTAssertEqual(answer.header("Retry-After"), "1")
                XCTAssertEqual(answer.text, Self.chatRefusal)
            }
            XCTAssertEqual(try chats(http, b, with: a).sorted(), sent.sorted(), "exactly the messages answered 200, none refused")

            // Reads cost nothing, however many; the partner's chat and my other writes have their own buckets.
            for _ in 0..<10 {
                XCTAssertEqual(try http.get("/v1/user", token: a.token).status, 200)
                XCTAssertEqual(try http.get("/v1/queue/myQueueState", token: a.token).status, 200)
                XCTAssertEqual(try http.get("/v1/chat/\(b.uid)", token: a.token).status, 200)
                XCTAssertNotEqual(try http.form("POST", "/v1/queue/search", token: a.token, "lat=37.5665&long=126.978").status, 429)
            }
            XCTAssertEqual(try http.form("POST", "/v1/chat/\(a.uid)", token: b.token, "chat=fromb").status, 200)
            var stored = "", lastRefusal: HTTPTestClient.Response?
            for index in 1...15 {
                let answer = try http.form("PUT", "/v1/user/update_fcm_token", token: a.token, "FCMtoken=f\(index)")
                XCTAssertTrue([200, 429].contains(answer.status), answer.text)
                if answer.status == 200 { stored = "f\(index)" } else { lastRefusal = answer }
            }
            XCTAssertEqual(lastRefusal?.text, Self.writeRefusal)
            XCTAssertEqual(lastRefusal?.header("Retry-After"), "1")
            let user = try JSONSerialization.jsonObject(with: try http.get("/v1/user", token: a.token).body) as? [String: Any]
            XCTAssertEqual(user?["FCMtoken"] as? String, stored, "the last token answered 200, none refused")

            // Written until refused again (the bucket refilled meanwhile); after Retry-After, a token is back.
            var refusal = try http.form("POST", "/v1/chat/\(b.uid)", token: a.token, "chat=again")
            for _ in 0..<30 where refusal.status == 200 { refusal = try http.form("POST", "/v1/chat/\(b.uid)", token: a.token, "chat=again") }
            XCTAssertEqual(refusal.status, 429)
            Thread.sleep(forTimeInterval: try XCTUnwrap(Double(refusal.header("Retry-After") ?? "")))
            XCTAssertEqual(try http.form("POST", "/v1/chat/\(b.uid)", token: a.token, "chat=later").status, 200)
            XCTAssertEqual(server.stop(), 0)
        }
    }

    /// `--cgi`: a process per request, every one taking from the same bucket.
    func testEveryCGIProcessTakesFromTheSameBucket() {
        TestBackend.each(self) { _, database, directory in
            let (slp, _) = try slp(database, directory)
            let server = try ServedSLP(slp, options: ["--cgi"])
            let person = try APIPerson.register(slp, server.client, block: 6101, 1)
            let started = Date()
            let (answers, _) = try concurrently(
                server.client, threads: 8, (1...40).map { ("PUT", "/v1/user/update_fcm_token", person.token, "FCMtoken=c\($0)") })
            let elapsed = Date().timeIntervalSince(started)
            let sent = answers.filter { $0.status == 200 }.count
            XCTAssertEqual(sent + answers.filter { $0.text == Self.writeRefusal }.count, 40, "\(answers.map(\.status))")
            // Registering took one token.
            XCTAssertGreaterThanOrEqual(sent, 9)
            XCTAssertLessThanOrEqual(Double(sent), 9 + 2 * elapsed + 1, "one bucket for every process: 10 at once, then 2 a second")
            XCTAssertEqual(server.stop(), 0)
        }
    }

    /// Outside `slp serve` (a worker another server starts): the file `SLP_WRITE_LIMITS` names
    /// holds the buckets; without the variable, or with a file slp cannot use, writes are not
    /// bounded, the worker answers every request, and says why once on its error log.
    func testOutsideServeTheVariableNamesTheBucketsAndWithoutAUsableOneNothingFails() {
        TestBackend.each(self) { _, database, directory in
            let setup = SLPBinary(database: database)
            let uid = try setup.run("register", "--phone", "010-6103-0001", "--nick", "w", "--birth", "1995-01-01", "--email", "w@example.com", "--gender", "1")
                .stdout.trimmingCharacters(in: .newlines)
            let token = try setup.run("token", "--as", uid).stdout.trimmingCharacters(in: .newlines)
            let table = directory.path("write-limits")
            for (variable, bounded) in [(table, true), (directory.path(""), false), (nil, false)] {
                let slp = SLPBinary(database: database, extra: variable.map { ["SLP_WRITE_LIMITS": $0] } ?? [:])
                let place = try TemporaryDirectory()
                let worker = try SCGITestWorker(slp, in: place)
                let statuses = try (1...15).map { index in
                    SCGITestWorker.status(try worker.exchange(SCGITestWorker.request("PUT", "/v1/user/update_fcm_token", token: token, body: "FCMtoken=o\(index)")))
                }
                let context = "SLP_WRITE_LIMITS=\(variable ?? "(unset)")"
                if bounded {
                    XCTAssertEqual(Array(statuses.prefix(10)), Array(repeating: "Status: 200 OK", count: 10), context)
                    XCTAssertTrue(statuses.contains("Status: 429 Too Many Requests"), "\(context): \(statuses)")
                    XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: table))[.size] as? Int, 786_496)
                } else {
                    XCTAssertEqual(statuses, Array(repeating: "Status: 200 OK", count: 15), context)
                }
                let said = variable == nil || bounded ? "" : "slp: SLP_WRITE_LIMITS cannot be used (open: Is a directory); writes are not bounded\n"
                // Everything it said, once it has stopped.
                worker.process.signal(SIGTERM)
                _ = worker.process.exit()
                XCTAssertEqual(worker.process.stderr, said, context)
            }
        }
    }

    /// A process killed while it holds the buckets' lock (a stand-in holding it as a worker
    /// does) leaves it free: the kernel drops the lock of a process that dies. Meanwhile reads are
    /// answered, as they never take it, and writes wait.
    func testAProcessKilledHoldingTheBucketsLockHoldsNobodyUp() {
        TestBackend.each(self) { _, database, directory in
            let (slp, scratch) = try slp(database, directory)
            let server = try ServedSLP(slp)
            let person = try APIPerson.register(slp, server.client, block: 6102, 1)
            let serveDirectory = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: scratch).first { $0.hasPrefix("slp-serve.") })
            let table = scratch + "/" + serveDirectory + "/write-limits"
            XCTAssertTrue(FileManager.default.fileExists(atPath: table), "made by the first write")

            let holder = Process()
            holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            holder.arguments = ["python3", "-c", """
                import fcntl, os, struct, sys, time
                descriptor = os.open(sys.argv[1], os.O_RDWR)
                fcntl.fcntl(descriptor, fcntl.F_OFD_SETLKW, struct.pack("hhqqi4x", fcntl.F_WRLCK, 0, 0, 1, 0))
                print("locked", flush=True)
                time.sleep(600)
                """, table]
            let output = Pipe()
            holder.standardOutput = output
            try holder.run()
            defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL) } }
            var said = Data()
            while !said.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                said += chunk
            }
            XCTAssertEqual(String(decoding: said, as: UTF8.self), "locked\n")

            let done = DispatchGroup()
            done.enter()
            let http = server.client
            let write = BackgroundWork { () throws -> Int in
                defer { done.leave() }
                return try http.form("PUT", "/v1/user/update_fcm_token", token: person.token, "FCMtoken=waited").status
            }
            for _ in 0..<5 { XCTAssertEqual(try server.client.get("/v1/user", token: person.token).status, 200, "a read takes no lock") }
            XCTAssertEqual(done.wait(timeout: .now()), .timedOut, "the write waits for the lock")
            kill(holder.processIdentifier, SIGKILL)
            holder.waitUntilExit()
            XCTAssertEqual(try write.result(), 200)
            XCTAssertEqual(try server.client.form("PUT", "/v1/user/update_fcm_token", token: person.token, "FCMtoken=after").status, 200)
            XCTAssertEqual(server.stop(), 0)
        }
    }
}
