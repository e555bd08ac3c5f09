#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SLPTestSupport
import XCTest

/// The realtime hub facing strangers through `slp serve` and a real lighttpd (issue 49): a body
/// is refused on its head and lighttpd keeps none of it; only registered people hold sessions,
/// sockets and polls; the hub refuses as REST does, always with slp's JSON error object; events
/// come a page at a time however far behind the caller is, and no answer stops the hub. On
/// every backend.
final class APIHubStrangersCLITests: XCTestCase {
    /// What one upload of `total` bytes to the hub came to.
    private struct Upload {
        /// The answer's head, once it came.
        var head = ""
        /// From the request's head sent to the answer's head read.
        var seconds = Double.infinity
        var sent = 0
        /// The most bytes seen in serve's upload directory meanwhile.
        var kept = 0
    }

    /// Sends `head`, then up to `total` bytes of body (in chunks of `chunk` if `chunked`) as
    /// fast as the connection takes it, until the answer's head comes; watches `uploads` all along.
    private func upload(_ server: ServedSLP, _ head: String, chunked: Bool, chunk: Int, total: Int, uploads: String) throws -> Upload {
        let socket = try server.client.connect()
        defer { close(socket) }
        var result = Upload()
        let started = Date()
        XCTAssertEqual(send(socket, head, head.utf8.count, Int32(MSG_NOSIGNAL)), head.utf8.count)
        _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
        let data = [UInt8](repeating: 0x61, count: chunk)
        let piece = chunked ? Array((String(chunk, radix: 16) + "\r\n").utf8) + data + [13, 10] : data
        var offset = 0, answer: [UInt8] = [], writing = true
        let total = total + (chunked ? total / chunk * (piece.count - chunk) : 0)
        while result.head.isEmpty, Date().timeIntervalSince(started) < SLPBinary.patience {
            var watched = pollfd(fd: socket, events: Int16(POLLIN) | (writing ? Int16(POLLOUT) : 0), revents: 0)
            guard poll(&watched, 1, 1_000) >= 0 else { break }
            if watched.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                var buffer = [UInt8](repeating: 0, count: 65_536)
                let count = recv(socket, &buffer, buffer.count, 0)
                if count <= 0, errno != EAGAIN { break }
                if count > 0 { answer += buffer[..<count] }
                if let end = answer.firstRange(of: [13, 10, 13, 10]) {
                    result.head = String(decoding: answer[..<end.lowerBound], as: UTF8.self)
                    result.seconds = Date().timeIntervalSince(started)
                }
            }
            if writing, watched.revents & Int16(POLLOUT) != 0 {
                let count = piece[offset...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if count > 0 {
                    result.sent += count
                    offset = (offset + count) % piece.count
                } else if errno != EAGAIN {
                    writing = false
                }
                if result.sent >= total { writing = false }
            }
            result.kept = max(result.kept, bytes(in: uploads))
        }
        return result
    }

    /// The bytes of the files in `directory`.
    private func bytes(in directory: String) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).reduce(0) { sum, name in
            sum + ((try? FileManager.default.attributesOfItem(atPath: directory + "/" + name)[.size] as? Int) ?? 0)
        }
    }

    /// A body to the hub is refused at once: past the hub's 100,000 bytes as declared or as its
    /// chunks come (lighttpd's bound for the hub's paths, just above the hub's own), or on its
    /// head alone without a token (lighttpd streams the body on, so the hub sees the head at
    /// once): the refusal comes within a second, long before 300 MB could be sent, and serve's
    /// upload directory never holds more than the bound, nor anything once it is over.
    func testA300MegabyteBodyIsRefusedAtOnceAndNothingBeyondTheBoundIsKept() {
        TestBackend.each(self) { _, database, _ in
            let slp = SLPBinary(database: database)
            let server = try ServedSLP(slp)
            let person = try APIPerson.register(slp, server.client, block: 5600, 0)
            let hub = try XCTUnwrap(ServeProcesses.hub(of: server.process.pid))
            let uploads = (try XCTUnwrap(ServeProcesses.hubSocket(of: hub)) as NSString).deletingLastPathComponent + "/uploads"
            let before = try FileManager.default.contentsOfDirectory(atPath: uploads)
            let request = "POST /socket.io/?EIO=4&transport=polling&sid=x HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"
            // A first chunk of a kilobyte and no more: without a token, the hub answers before the body.
            let cases: [(headers: String, chunked: Bool, chunk: Int, total: Int, status: Int)] = [
                ("Content-Length: 300000000\r\n", false, 1 << 20, 300_000_000, 413),
                ("Transfer-Encoding: chunked\r\n", true, 1_024, 1_024, 401),
                ("idtoken: \(person.token)\r\nTransfer-Encoding: chunked\r\n", true, 1 << 20, 300_000_000, 413),
                ("idtoken: \(person.token)\r\nTransfer-Encoding: chunked\r\n", true, 16_384, 300_000_000, 413),
            ]
            for (headers, chunked, chunk, total, status) in cases {
                let sent = try upload(server, request + headers + "\r\n", chunked: chunked, chunk: chunk, total: total, uploads: uploads)
                let context = "\(headers.suffix(30)) \(chunk): \(sent)"
                XCTAssertTrue(sent.head.hasPrefix("HTTP/1.1 \(status) "), context)
                XCTAssertLessThan(sent.seconds, 1, context)
                XCTAssertLessThan(sent.sent, 300_000_000, context)
                XCTAssertLessThanOrEqual(sent.kept, 100_000, context)
            }
            let deadline = Date().addingTimeInterval(SLPBinary.patience)
            while (try? FileManager.default.contentsOfDirectory(atPath: uploads)) != before, Date() < deadline { usleep(10_000) }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: uploads), before)
            XCTAssertEqual(ServeProcesses.hub(of: server.process.pid), hub)
            XCTAssertEqual(server.stop(), 0)
        }
    }

    /// A token of someone with no account (a phone's token before registering, or an account
    /// withdrawn) holds no session, socket or poll: 406 `not_registered` as REST answers it, and
    /// a socket whose user withdrew after its handshake gets CONNECT_ERROR at its CONNECT.
    func testOnlyRegisteredPeopleHoldSessionsSocketsAndPolls() {
        TestBackend.each(self) { _, database, _ in
            let slp = SLPBinary(database: database)
            let server = try ServedSLP(slp)
            let http = server.client
            let stranger = try slp.run("token", "--phone", "010-5600-0099").stdout.trimmingCharacters(in: .newlines)
            let rest = try http.get("/v1/user", token: stranger)
            XCTAssertEqual(rest.status, 406, rest.text)
            for target in ["/socket.io/?EIO=4&transport=polling", "/v1/events?since=0&wait=0"] {
                let answer = try http.get(target, token: stranger)
                XCTAssertEqual(answer.status, 406, target)
                XCTAssertEqual(answer.text, rest.text, target)
            }
            let upgrade = WebSocketTestClient(descriptor: try http.connect())
            XCTAssertEqual(upgrade.upgrade("/socket.io/?EIO=4&transport=websocket", token: stranger), 406)
            let refused = try SocketIOTestClient(port: server.port, token: stranger, transports: "websocket")
            XCTAssertTrue(refused.waitUntil { !$0.isRunning }, "\(refused.reports)")
            XCTAssertEqual(refused.count("refused"), 1, "\(refused.reports) \(refused.standardError)")

            let person = try APIPerson.register(slp, http, block: 5600, 1)
            let socket = WebSocketTestClient(descriptor: try http.connect())
            XCTAssertEqual(socket.upgrade("/socket.io/?EIO=4&transport=websocket", token: person.token), 101)
            XCTAssertEqual(socket.readText()?.first, "0")
            XCTAssertEqual(try http.form("POST", "/v1/user/withdraw", token: person.token, "").status, 200)
            socket.sendFrame("40")
            XCTAssertEqual(socket.readText(), #"44{"message":"not registered","data":{"error":{"code":"not_registered","status":406,"message":"not registered"}}}"#)
            XCTAssertEqual(server.stop(), 0)
        }
    }

    /// The hub's refusals are REST's: a forged token 401, a Firebase token while the
    /// certificates file is broken 503 with `Retry-After`, both with REST's very body; and
    /// whatever else the hub refuses, its answer is slp's JSON error object.
    func testTheHubRefusesAsRESTDoesWithSlpsJSONErrorObject() {
        TestBackend.each(self) { _, database, _ in
            let issuer = try FirebaseTestIssuer(keyID: "key-1")
            let slp = SLPBinary(database: database)
            let server = try ServedSLP(slp, environment: issuer.environment)
            let http = server.client
            let person = try APIPerson.register(slp, http, block: 5600, 2)
            var forged = person.token
            forged.replaceSubrange(forged.index(forged.endIndex, offsetBy: -4)..., with: forged.hasSuffix("AAAA") ? "BBBB" : "AAAA")
            let firebase = try issuer.token(FirebaseTestIssuer.claims(uid: "fbHub00000000000000000000001", now: Date()))
            try "{}".write(toFile: issuer.certificatesPath, atomically: true, encoding: .utf8)
            for token in [forged, firebase] {
                let rest = try http.get("/v1/user", token: token)
                for target in ["/socket.io/?EIO=4&transport=polling", "/v1/events?since=0&wait=0"] {
                    let hub = try http.get(target, token: token)
                    XCTAssertEqual(hub.status, rest.status, target)
                    XCTAssertEqual(hub.text, rest.text, target)
                    XCTAssertEqual(hub.header("Retry-After"), rest.header("Retry-After"), target)
                }
            }
            XCTAssertEqual(try http.get("/socket.io/?EIO=4&transport=polling", token: firebase).status, 503)
            let session = "/socket.io/?EIO=4&transport=polling&sid=nobody"
            let cases: [(String, String, Int)] = [
                ("GET", "/socket.io/?EIO=3&transport=polling", 400), ("GET", "/socket.io/?EIO=4&transport=carrier-pigeon", 400),
                ("GET", session, 400), ("POST", "/socket.io/?EIO=4&transport=polling", 400),
                ("GET", "/socket.io/elsewhere", 404), ("POST", "/v1/events", 405), ("GET", "/v1/events/elsewhere", 404),
            ]
            for (method, target, status) in cases {
                let answer = try http.send(method, target, headers: [("idtoken", person.token)], body: method == "POST" ? Data("1:6".utf8) : nil)
                XCTAssertEqual(answer.status, status, "\(method) \(target): \(answer.text)")
                XCTAssertEqual(answer.header("Content-Type"), "application/json; charset=utf-8", "\(method) \(target)")
                let object = try JSONSerialization.jsonObject(with: answer.body) as? [String: [String: Any]]
                XCTAssertEqual(object?.keys.sorted(), ["error"], "\(method) \(target): \(answer.text)")
                XCTAssertEqual(object?["error"]?["status"] as? Int, status, "\(method) \(target)")
                XCTAssertNotNil(object?["error"]?["code"] as? String, "\(method) \(target)")
            }
            XCTAssertEqual(server.stop(), 0)
        }
    }

    /// A user far behind (400 long messages, over 1 MiB of events) catches up page by page, on
    /// the hub and on slp run as a CGI program alike: at most 100 events an answer, every one
    /// once, in order; the hub, writing answers of hundreds of kilobytes, never falls over.
    func testAUserFarBehindCatchesUpAPageAtATime() {
        TestBackend.each(self) { _, database, _ in
            let slp = SLPBinary(database: database)
            let server = try ServedSLP(slp)
            let http = server.client
            let (a, b) = try APIPerson.matched(slp, http, block: 5600, 10)
            let hub = try XCTUnwrap(ServeProcesses.hub(of: server.process.pid))
            // 400 messages of about 1,000 Hangul syllables (3,000 bytes) each, sent by the command
            // line in one go: the API would bound b's pace to 5 a second (docs/API.md, "Limits").
            let text = String(repeating: "안", count: 997)
            let lines = (0..<400).map { "\($0)\(text)\n" }.joined()
            XCTAssertEqual(try slp.run(["chat", "send", "--as", b.uid], stdin: lines).status, 0)
            var events: [[String: Any]] = [], since = 0, pages: [Int] = [], bytes = 0
            while true {
                let answer = try http.get("/v1/events?since=\(since)", token: a.token)
                XCTAssertEqual(answer.status, 200, answer.text.prefix(200) + "")
                let page = try XCTUnwrap(try JSONSerialization.jsonObject(with: answer.body) as? [[String: Any]])
                guard let last = page.last?["id"] as? Int else { break }
                pages.append(page.count)
                bytes += answer.body.count
                events += page
                since = last
            }
            XCTAssertGreaterThan(bytes, 1 << 20)
            XCTAssertEqual(pages.dropLast(), Array(repeating: 100, count: pages.count - 1), "\(pages)")
            let ids = events.compactMap { $0["id"] as? Int }
            XCTAssertEqual(ids, ids.sorted())
            XCTAssertEqual(Set(ids).count, ids.count)
            let chats = events.filter { $0["type"] as? String == "message" }.compactMap { ($0["chat"] as? String)?.prefix(3) }
            XCTAssertEqual(chats.count, 400)
            XCTAssertEqual(chats.map { Int($0.prefix { $0.isNumber }) }, Array(0..<400))
            XCTAssertEqual(ServeProcesses.hub(of: server.process.pid), hub, "the hub never fell over")

            // slp as a CGI program, as lighttpd runs it: the same first page.
            var environment = slp.environment
            for (name, value) in [("GATEWAY_INTERFACE", "CGI/1.1"), ("REQUEST_METHOD", "GET"), ("SCRIPT_NAME", "/v1"), ("PATH_INFO", "/events"),
                                  ("QUERY_STRING", "since=0"), ("HTTP_IDTOKEN", a.token)] { environment[name] = value }
            let cgi = try TimedProcess.run([SLPBinary.url.path], environment: environment, stdin: Data())
            let body = try XCTUnwrap(cgi.stdoutText.range(of: "\r\n\r\n").map { cgi.stdoutText[$0.upperBound...] })
            let first = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [[String: Any]])
            XCTAssertEqual(first.compactMap { $0["id"] as? Int }, Array(ids.prefix(100)))
            XCTAssertEqual(server.stop(), 0)
        }
    }
}
