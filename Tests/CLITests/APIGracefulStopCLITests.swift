#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SLPTestSupport
import XCTest

/// `slp serve` stopped by SIGTERM (issue 51): new connections are refused at once, the request
/// under way is answered, the hub says goodbye (a held long poll answered `[]`, a held
/// Engine.IO poll a noop, a WebSocket closed 1001 with no packet before it, so that the apps
/// reconnect elsewhere), then serve exits 0 with its workers and hub gone; a second signal ends
/// it at once. And a rolling restart behind a real nginx: two serves over one store, load
/// running, one stopped and started again, loses nothing. On every backend.
final class APIGracefulStopCLITests: XCTestCase {
    /// Longer than serve's bound for what is under way (10 s) plus what a slow machine needs.
    static let stopBound = 20.0

    /// A form POSTed whose head lighttpd has read (it said `100 Continue`) and whose body waits:
    /// a request under way whatever the machine's pace.
    private struct PendingForm {
        let connection: WebSocketTestClient
        let body: String

        /// A chat from `sender` to `recipient`.
        init(_ http: HTTPTestClient, from sender: APIPerson, to recipient: APIPerson, _ text: String) throws {
            try self.init(on: try http.connect(), "/v1/chat/\(recipient.uid)", token: sender.token, "chat=" + text)
        }

        /// `body` to `path` with `token`, on the connection `descriptor`.
        init(on descriptor: Int32, _ path: String, token: String, _ body: String) throws {
            connection = WebSocketTestClient(descriptor: descriptor)
            self.body = body
            connection.send(
                "POST \(path) HTTP/1.1\r\nHost: slp\r\nidtoken: \(token)\r\n"
                    + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n"
                    + "Expect: 100-continue\r\nConnection: close\r\n\r\n")
            let continued = connection.readResponse()
            guard continued.hasPrefix("HTTP/1.1 100 ") else { throw HTTPTestError("no 100 Continue: \(continued)") }
        }

        /// Sends the body; the answer (the connection closes after it).
        func finish() -> String {
            connection.send(body)
            return String(decoding: connection.readToEnd(), as: UTF8.self)
        }

        /// Sends the body a byte a second from now on, all of it on `finish`.
        func trickling() -> TricklingBody {
            TricklingBody(connection, body)
        }
    }

    /// Whether a connection to `port` is refused now.
    private func refuses(_ http: HTTPTestClient) -> Bool {
        guard let socket = try? http.connect() else { return true }
        close(socket)
        return false
    }

    /// A Socket.IO socket of `token`'s on WebSocket, connected (its CONNECT answered) on `descriptor`.
    private func socketIO(on descriptor: Int32, token: String) -> WebSocketTestClient {
        let webSocket = WebSocketTestClient(descriptor: descriptor)
        XCTAssertEqual(webSocket.upgrade("/socket.io/?EIO=4&transport=websocket", token: token), 101)
        XCTAssertEqual(webSocket.readText()?.first, "0")
        webSocket.sendFrame("40")
        XCTAssertEqual(webSocket.readText()?.hasPrefix(#"40{"sid":"#), true)
        return webSocket
    }

    /// Stops `server` with SIGTERM: new connections are refused at once, the held long poll
    /// `eventPoll` is answered `[]`, and the next frame of `webSocket` closes it with 1001.
    private func stopAndHearGoodbye(_ server: ServedSLP, eventPoll: WebSocketTestClient, webSocket: WebSocketTestClient) {
        server.process.signal(SIGTERM)
        XCTAssertTrue(Polling.until(5) { refuses(server.client) }, "new connections refused")
        let events = String(decoding: eventPoll.readToEnd(), as: UTF8.self)
        XCTAssertTrue(events.hasPrefix("HTTP/1.1 200 ") && events.hasSuffix("\r\n\r\n[]\n"), "the long poll answered [] at once: \(events)")
        let goodbye = webSocket.readFrame()
        XCTAssertEqual(goodbye?.opcode, 0x8, "the next frame closes the WebSocket: no Socket.IO DISCONNECT, no Engine.IO close")
        XCTAssertEqual(goodbye?.payload, [0x03, 0xE9], "1001, going away")
    }

    /// A serve on `database` whose private directory is under `scratch` (to find its workers).
    private func served(_ database: String, _ directory: TemporaryDirectory) throws -> (SLPBinary, ServedSLP, String) {
        let scratch = directory.path("tmp")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let slp = SLPBinary(database: database, extra: ["TMPDIR": scratch])
        return (slp, try ServedSLP(slp), scratch)
    }

    func testAStopAnswersWhatIsUnderWayRefusesNewConnectionsAndSaysGoodbyeToEveryClient() {
        TestBackend.each(self) { _, database, directory in
            let (slp, server, scratch) = try served(database, directory)
            let http = server.client
            let (a, b) = try APIPerson.matched(slp, http, block: 5800, 0)
            // The socket and polls are someone's whom nothing is sent to, so nothing comes before the goodbye.
            let c = try APIPerson.register(slp, http, block: 5800, 2)
            let hub = try XCTUnwrap(ServeProcesses.hub(of: server.process.pid))
            let hubSocket = try XCTUnwrap(ServeProcesses.hubSocket(of: hub))

            let webSocket = socketIO(on: try http.connect(), token: c.token)

            let handshake = try http.get("/socket.io/?EIO=4&transport=polling", token: c.token)
            let open = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(handshake.text.utf8.dropFirst())) as? [String: Any])
            let session = "/socket.io/?EIO=4&transport=polling&sid=\(try XCTUnwrap(open["sid"] as? String))"
            XCTAssertEqual(try http.form("POST", session, token: c.token, "40", contentType: "text/plain").text, "ok")
            XCTAssertEqual(try http.get(session, token: c.token).text.hasPrefix(#"40{"sid":"#), true)
            // One at a time, each counted once the hub holds it: a connection of the handshake's
            // that is still closing must not stand in for a poll the hub has not seen yet.
            XCTAssertTrue(Polling.until { ServeProcesses.connections(of: hub, on: hubSocket) == 1 }, "only the socket held")
            let enginePoll = WebSocketTestClient(descriptor: try http.connect())
            enginePoll.send("GET \(session) HTTP/1.1\r\nHost: slp\r\nidtoken: \(c.token)\r\nConnection: close\r\n\r\n")
            XCTAssertTrue(Polling.until { ServeProcesses.connections(of: hub, on: hubSocket) == 2 }, "the socket and the Engine.IO poll held")

            let eventPoll = WebSocketTestClient(descriptor: try http.connect())
            eventPoll.send("GET /v1/events?since=1000000000&wait=60 HTTP/1.1\r\nHost: slp\r\nidtoken: \(c.token)\r\nConnection: close\r\n\r\n")
            XCTAssertTrue(Polling.until { ServeProcesses.connections(of: hub, on: hubSocket) == 3 }, "the socket and both polls held")
            // Both polls must have been heard before the stop: one whose head comes after it is a
            // poll of a session already gone. The reader answers one question at a time, in the
            // order asked: once a poll asked after both is answered, both were heard (and held).
            XCTAssertEqual(try http.get("/v1/events?since=1000000000&wait=0", token: c.token).text, "[]\n")
            let chat = try PendingForm(http, from: a, to: b, "under%20way")

            stopAndHearGoodbye(server, eventPoll: eventPoll, webSocket: webSocket)
            let noop = String(decoding: enginePoll.readToEnd(), as: UTF8.self)
            XCTAssertTrue(noop.hasPrefix("HTTP/1.1 200 ") && noop.hasSuffix("\r\n\r\n6"), "the held Engine.IO poll answered with a noop: \(noop)")
            let answer = chat.finish()
            XCTAssertTrue(answer.hasPrefix("HTTP/1.1 200 "), answer)
            XCTAssertTrue(answer.contains(#""chat":"under way""#), answer)

            XCTAssertEqual(server.process.exit(within: Self.stopBound), 0, server.process.stderr)
            XCTAssertTrue(server.process.stderr.contains("slp serve: stopping: no new connections"), server.process.stderr)
            XCTAssertTrue(server.process.stderr.hasSuffix("slp serve: stopped\n"), server.process.stderr)
            XCTAssertEqual(ServeProcesses.workers(under: scratch), [], "the workers are gone")
            XCTAssertNil(ServeProcesses.healthAnswerer(under: scratch), "the health answerer is gone")
            XCTAssertNotEqual(kill(hub, 0), 0, "the hub is gone")
        }
    }

    /// With TLS (`--tls-cert`) the stop is the same: a registration under way is answered, a held
    /// long poll answered `[]`, a wss socket closed 1001, exit 0; and so is a registration under
    /// way on the lighttpd generation a certificate renewal left behind, once the generation
    /// after it has ended, while one there that never finishes is cut at the same 10 s.
    /// (lighttpd keeps TLS connections a renewal leaves behind with no bound: serve bounds every
    /// stop itself.) The stop does not depend on the store: SQLite only.
    func testATLSStopIsAsGraceful() {
        TestBackend.each(self) { backend, database, directory in
            guard backend == .sqlite else { return }
            let authority = try TLSTestAuthority()
            let pair = try authority.issue(serial: 58)
            try authority.install(pair.certificate, as: authority.certificatePath)
            try authority.install(pair.key, as: authority.keyPath)
            let scratch = directory.path("tmp")
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
            let slp = SLPBinary(database: database, extra: ["TMPDIR": scratch])
            let server = try ServedSLP(slp, options: ["--tls-cert", authority.certificatePath, "--tls-key", authority.keyPath])
            let tunnel = { try TLSTunnel(port: server.port, caPath: authority.caPath) }
            let phones = ["010-5802-0001", "010-5802-0002", "010-5802-0003", "010-5802-0004"]
            let tokens = try phones.map { try slp.run("token", "--phone", $0).stdout.trimmingCharacters(in: .newlines) }
            let form = { (index: Int) in "birth=1995-01-01&email=g\(index)%40example.com&gender=0&nick=g\(index)&phoneNumber=\(phones[index])" }
            let registered = try TLSTestClient(port: server.port, caPath: authority.caPath)
                .request("POST", "/v1/user", token: tokens[0], form: form(0), tls: "1.3", http2: false)
            XCTAssertEqual(registered.status, 200, registered.body)
            let hub = try XCTUnwrap(ServeProcesses.hub(of: server.process.pid))
            let hubSocket = try XCTUnwrap(ServeProcesses.hubSocket(of: hub))

            // Two registrations under way, then a renewal: the generation before it holds them.
            let (behindTunnel, unfinishedTunnel) = (try tunnel(), try tunnel())
            let behind = try PendingForm(on: behindTunnel.descriptor, "/v1/user", token: tokens[2], form(2)).trickling()
            let unfinished = try PendingForm(on: unfinishedTunnel.descriptor, "/v1/user", token: tokens[3], form(3)).trickling()
            let renewed = try authority.issue(serial: 5859)
            try authority.install(renewed.certificate, as: authority.certificatePath)
            try authority.install(renewed.key, as: authority.keyPath)
            let client = TLSTestClient(port: server.port, caPath: authority.caPath)
            XCTAssertTrue(
                Polling.until(APITLSCLITests.renewalBound, every: 0.2) { (try? client.handshake()["serial"]) == TLSTestAuthority.hex(5859) },
                server.process.stderr)
            XCTAssertEqual(ServeProcesses.lighttpds(of: server.process.pid).count, 2, "the generation before the renewal holds the registrations")

            let (webSocketTunnel, pollTunnel, registrationTunnel) = (try tunnel(), try tunnel(), try tunnel())
            let webSocket = socketIO(on: webSocketTunnel.descriptor, token: tokens[0])
            let eventPoll = WebSocketTestClient(descriptor: pollTunnel.descriptor)
            eventPoll.send("GET /v1/events?since=1000000000&wait=60 HTTP/1.1\r\nHost: slp\r\nidtoken: \(tokens[0])\r\nConnection: close\r\n\r\n")
            XCTAssertTrue(Polling.until { ServeProcesses.connections(of: hub, on: hubSocket) == 2 }, "the socket and the poll held")
            let registration = try PendingForm(on: registrationTunnel.descriptor, "/v1/user", token: tokens[1], form(1))

            stopAndHearGoodbye(server, eventPoll: eventPoll, webSocket: webSocket)
            let answer = registration.finish()
            XCTAssertTrue(answer.hasPrefix("HTTP/1.1 200 "), answer)
            XCTAssertTrue(answer.contains(#""uid":"#), answer)
            // The generation serve started last has ended; the one before still finishes its registration.
            XCTAssertTrue(Polling.until { ServeProcesses.lighttpds(of: server.process.pid).count < 2 }, "the last generation ended")
            // A lower bound, which a slow machine meets as well: serve sees its lighttpd end within
            // a few of its 20 ms looks.
            XCTAssertFalse(
                Polling.until(1, every: 0.05) { ServeProcesses.lighttpds(of: server.process.pid).isEmpty }, "the generation left behind still runs")
            let answerBehind = behind.finish()
            XCTAssertTrue(answerBehind.hasPrefix("HTTP/1.1 200 "), answerBehind)
            XCTAssertTrue(answerBehind.contains(#""uid":"#), answerBehind)

            XCTAssertEqual(server.process.exit(within: Self.stopBound), 0, server.process.stderr)
            XCTAssertTrue(
                server.process.stderr.contains("slp serve: stopping at once: the requests under way did not finish in 10 s\n"), server.process.stderr)
            XCTAssertEqual(unfinished.finish(), "", "the registration that never finished is cut")
            XCTAssertTrue(server.process.stderr.hasSuffix("slp serve: stopped\n"), server.process.stderr)
            XCTAssertEqual(ServeProcesses.workers(under: scratch), [], "the workers are gone")
            withExtendedLifetime([behindTunnel, unfinishedTunnel, webSocketTunnel, pollTunnel, registrationTunnel]) {}
        }
    }

    /// The stop does not depend on the store: SQLite only.
    func testASecondSignalStopsAtOnce() {
        TestBackend.each(self) { backend, database, directory in
            guard backend == .sqlite else { return }
            let (slp, server, scratch) = try served(database, directory)
            let (a, b) = try APIPerson.matched(slp, server.client, block: 5800, 10)
            let chat = try PendingForm(server.client, from: a, to: b, "never")
            server.process.signal(SIGTERM)
            XCTAssertTrue(server.process.waitUntil { $0.stderr.contains("slp serve: stopping: ") })
            let started = Date()
            server.process.signal(SIGTERM)
            // Well within the 10 s the chat under way would otherwise get.
            XCTAssertEqual(server.process.exit(within: 5), 0, server.process.stderr)
            XCTAssertLessThan(Date().timeIntervalSince(started), 5)
            XCTAssertTrue(server.process.stderr.contains("slp serve: stopping at once\n"), server.process.stderr)
            XCTAssertEqual(chat.connection.readToEnd(), [], "the chat under way is dropped")
            XCTAssertEqual(ServeProcesses.workers(under: scratch), [], "the workers are gone")
        }
    }

    /// Two serves over one store behind nginx, three pairs chatting and reading through it, every
    /// person's socket connected: the serve holding the sockets is stopped with SIGTERM and
    /// started again. No request is answered 5xx or dropped, every socket reconnects (to the other
    /// serve), the restarted serve answers again, and every chat acknowledged 200 reaches its
    /// recipient: over the socket, or by catching up as an app does after reconnecting
    /// (`GET /v1/chat/{uid}?lastchatDate=` the last chat it had).
    func testARollingRestartBehindAProxyLosesNothing() {
        TestBackend.each(self) { _, database, _ in
            // The real clock: each chat's `createdAt` is its own, as the catching up needs.
            let slp = SLPBinary(database: database, now: nil)
            let servers = [try ServedSLP(slp), try ServedSLP(slp)]
            // One request per upstream connection: a POST on a kept connection lighttpd closes
            // as it stops would be answered 502 by nginx, which never sends a POST twice.
            let proxy = try ReverseProxy(upstreams: servers.map(\.port), keepAlive: false)
            let http = proxy.client()
            let pairs = try (0..<3).map { try APIPerson.matched(slp, http, block: 5820, 2 * $0) }
            let people = pairs.flatMap { [$0.0, $0.1] }
            // As the apps hold them: half upgrading from long-polling, half WebSocket alone.
            let sockets = try people.enumerated().map { index, person in
                try SocketIOTestClient(
                    port: proxy.port, token: person.token, transports: index % 2 == 0 ? "polling,websocket" : "websocket", announcing: person.uid)
            }
            XCTAssertTrue(Polling.until { sockets.allSatisfy { $0.count("ack") == 1 } }, "\(sockets.map(\.reports))")
            // Every socket comes from 127.0.0.1, which the proxy sends to one serve: that one stops.
            let holding = servers.firstIndex { server in
                guard let hub = ServeProcesses.hub(of: server.process.pid), let path = ServeProcesses.hubSocket(of: hub) else { return false }
                return ServeProcesses.connections(of: hub, on: path) == sockets.count
            }
            let stopped = servers[try XCTUnwrap(holding, "one serve holds every socket")]

            let load = ChatLoad(pairs: pairs, port: proxy.port)
            defer { load.stop() }
            XCTAssertTrue(Polling.until { load.acknowledged.count >= 12 }, "\(load.statuses) \(load.failures)")
            stopped.process.signal(SIGTERM)
            XCTAssertEqual(stopped.process.exit(within: Self.stopBound), 0, stopped.process.stderr)
            XCTAssertTrue(
                Polling.until { sockets.allSatisfy { $0.count("ack") == 2 } }, "every socket reconnected: \(sockets.map(\.reports))")
            let linesBefore = proxy.accessLines.count
            let again = try ServedSLP(slp, port: stopped.port)
            let chatsBefore = load.acknowledged.count
            XCTAssertTrue(
                Polling.until { proxy.accessLines.dropFirst(linesBefore).contains { $0.hasSuffix(" 127.0.0.1:\(again.port) 200") } },
                "the restarted serve answers again")
            XCTAssertTrue(Polling.until { load.acknowledged.count >= chatsBefore + 12 }, "\(load.statuses) \(load.failures)")
            load.stop()

            XCTAssertEqual(load.failures, [], "requests without an answer")
            XCTAssertEqual(Array(load.statuses.keys), [200], "\(load.statuses)")
            for (person, socket) in zip(people, sockets) {
                let partner = try XCTUnwrap(pairs.first { $0.0.uid == person.uid || $0.1.uid == person.uid }.map { $0.0.uid == person.uid ? $0.1 : $0.0 })
                // What the socket had before it was dropped, then what came after it reconnected.
                let reports = socket.reports
                let drop = reports.firstIndex { $0["kind"] as? String == "disconnected" } ?? reports.endIndex
                let chats = { (part: ArraySlice<[String: Any]>) in
                    part.filter { $0["kind"] as? String == "event" && $0["name"] as? String == "chat" }.compactMap { $0["data"] as? [String: Any] }
                }
                let lastSeen = chats(reports[..<drop]).compactMap { $0["createdAt"] as? String }.max() ?? "2000-01-01T00:00:00.000Z"
                let caughtUp = try http.get("/v1/chat/\(partner.uid)?lastchatDate=\(lastSeen)", token: person.token)
                XCTAssertEqual(caughtUp.status, 200, caughtUp.text)
                let payload = try XCTUnwrap(try JSONSerialization.jsonObject(with: caughtUp.body) as? [String: Any])["payload"] as? [[String: Any]]
                let arrived = Set((chats(reports[...]) + (payload ?? [])).compactMap { $0["_id"] as? String })
                let missed = load.acknowledged.filter { $0.to == person.uid && !arrived.contains($0.id) }
                XCTAssertEqual(missed, [], "chats acknowledged that \(person.uid) never got")
            }
            for socket in sockets { socket.close() }
            XCTAssertEqual(again.stop(), 0)
            withExtendedLifetime(servers) {}
        }
    }
}
