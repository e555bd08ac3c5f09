#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SLPRealtime
import SLPTestSupport
import Synchronization
import XCTest

/// The hub on a Unix socket of its own, spoken to as lighttpd hands it the apps' requests. A
/// token `user-NAME` proves the uid NAME (`user-NAME@MS`: a token that expires in MS
/// milliseconds), who may use the hub unless `withdrawn` names them;
/// the gate answers on the loop's next turn, as the composition's reader answers later.
final class HubServerTests: XCTestCase {
    private var path = ""
    private var commands: LoopMailbox<HubCommand>?
    /// Users the gate refuses (406), as if they had withdrawn.
    private final class Withdrawn: Sendable {
        let names = Mutex<Set<String>>([])
    }

    private let withdrawn = Withdrawn()
    /// Tokens whose `identify` the gate answers only once `releases` gets a message (a reader slow
    /// to answer), and how many such answers it holds back now.
    private final class Stalled: Sendable {
        let tokens = Mutex<Set<String>>([])
        let count = Mutex(0)
    }

    private let stalled = Stalled()
    private var releases: LoopMailbox<Bool>?

    /// Starts a hub with `settings` (a 4 KiB payload unless told otherwise) on a thread of its own.
    private func startHub(_ configure: (inout HubSettings) -> Void = { _ in }) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("hub-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock").path
        let commands = try LoopMailbox<HubCommand>()
        self.commands = commands
        let releases = try LoopMailbox<Bool>()
        self.releases = releases
        let stalled = self.stalled
        var settings = HubSettings()
        settings.maxPayload = 4_096
        configure(&settings)
        let ready = DispatchSemaphore(value: 0)
        let path = self.path
        let withdrawn = self.withdrawn
        let thread = Thread { [settings] in
            do {
                var later: (@escaping () -> Void) -> Void = { _ in }
                let admit = { (uid: String, expiresIn: Duration?, then: @escaping (HubCaller) -> Void) in
                    let gone = withdrawn.names.withLock { $0.contains(uid) }
                    later { then(gone ? .refused(HubRefusal(406, code: "not_registered", message: "not registered")) : .user(uid, expiresIn: expiresIn)) }
                }
                var heldBack: [() -> Void] = []
                let gate = HubGate(identify: { token, then in
                    let answer = {
                        guard let token, token.hasPrefix("user-") else {
                            return later { then(.refused(HubRefusal(401, code: "unauthorized", message: "no idtoken"))) }
                        }
                        let parts = token.dropFirst(5).split(separator: "@")
                        admit(String(parts[0]), parts.dropFirst().first.flatMap { Int($0) }.map { .milliseconds($0) }, then)
                    }
                    guard let token, stalled.tokens.withLock({ $0.contains(token) }) else { return answer() }
                    heldBack.append(answer)
                    stalled.count.withLock { $0 += 1 }
                }, admit: { admit($0, nil, $1) })
                let hub = try HubServer(path: path, settings: settings, commands: commands, gate: gate)
                later = { [weak hub] answer in hub?.loop.after(.zero, answer) }
                try hub.loop.watch(releases) { _ in
                    let answers = heldBack
                    heldBack = []
                    for answer in answers { answer() }
                }
                // `/answer?bytes=N`: an answer of N bytes, as large as the hub may write one.
                hub.route = { [engineIO = hub.engineIO] connection, head in
                    if head.path == "/socket.io/" { return engineIO.handle(connection, head) }
                    let count = head.parameter("bytes").flatMap { Int($0) } ?? 0
                    connection.respond(HTTPResponse(status: 200, body: Self.pattern(count)))
                }
                ready.signal()
                try hub.run()
            } catch {
                ready.signal()
            }
        }
        thread.start()
        XCTAssertEqual(ready.wait(timeout: .now() + 30), .success)
    }

    override func tearDown() {
        commands?.post(.stop)
        unlink(path)
    }

    private func request(_ method: String, _ target: String, token: String?, body: String = "") throws -> (status: Int, body: String) {
        try WebSocketTestClient.request(path, method, target, token: token, body: body)
    }

    /// `count` bytes of letters, each answer's body.
    private static func pattern(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(0x61 + $0 % 26) }
    }

    /// A WebSocket session of `token`'s user, its socket connected.
    private func connectedWebSocket(_ token: String) throws -> WebSocketTestClient {
        let socket = try WebSocketTestClient(path: path)
        XCTAssertEqual(socket.upgrade("/socket.io/?EIO=4&transport=websocket", token: token), 101)
        XCTAssertTrue(socket.readText()?.hasPrefix(#"0{"sid":""#) == true)
        socket.sendFrame("40")
        XCTAssertTrue(socket.readText()?.hasPrefix(#"40{"sid":""#) == true)
        return socket
    }

    /// A polling session of `token`'s user, its socket connected: the target of its polls.
    private func connectedPolling(_ token: String) throws -> String {
        let session = "/socket.io/?EIO=4&transport=polling&sid=\(sid(try request("GET", "/socket.io/?EIO=4&transport=polling", token: token).body))"
        XCTAssertEqual(try request("POST", session, token: token, body: "40").body, "ok")
        XCTAssertTrue(try request("GET", session, token: token).body.hasPrefix(#"40{"sid":""#))
        return session
    }

    /// A WebSocket probing to take over alice's polling `session`, its `2probe` answered.
    private func probing(_ session: String) throws -> WebSocketTestClient {
        let socket = try WebSocketTestClient(path: path)
        XCTAssertEqual(socket.upgrade(session.replacingOccurrences(of: "polling", with: "websocket"), token: "user-alice"), 101)
        socket.sendFrame("2probe")
        XCTAssertEqual(socket.readText(), "3probe")
        return socket
    }

    /// The body of alice's poll of `session` when an event is emitted to her once the hub has
    /// read it: the event if the poll was held, a noop if it was answered at once.
    private func pollAnsweredByAnEmit(_ session: String) throws -> String {
        let poll = try WebSocketTestClient(path: path)
        poll.send("GET \(session) HTTP/1.1\r\nidtoken: user-alice\r\n\r\n")
        // Read by the hub (its token's answer comes at that turn's end), so before the emit.
        let deadline = Date().addingTimeInterval(10)
        while poll.unread > 0, Date() < deadline { usleep(1_000) }
        commands?.post(.emit(to: "alice", event: "chat", json: #"{"_id":"1"}"#))
        let answer = String(decoding: poll.readToEnd(), as: UTF8.self)
        return answer.range(of: "\r\n\r\n").map { String(answer[$0.upperBound...]) } ?? answer
    }

    /// The open packet's `sid`.
    private func sid(_ open: String) -> String {
        guard let start = open.range(of: #""sid":""#), let end = open[start.upperBound...].firstIndex(of: "\"") else { return "" }
        return String(open[start.upperBound..<end])
    }

    func testAForgedTokenIsRefusedBeforeAnySessionExists() throws {
        try startHub()
        XCTAssertEqual(try request("GET", "/socket.io/?EIO=4&transport=polling", token: "forged").status, 401)
    }

    func testLongPollingConnectsAndReceivesWhatIsEmittedToItsUser() throws {
        try startHub()
        let open = try request("GET", "/socket.io/?EIO=4&transport=polling&t=1", token: "user-alice")
        XCTAssertEqual(open.status, 200)
        XCTAssertTrue(open.body.hasPrefix(#"0{"sid":""#), open.body)
        XCTAssertTrue(open.body.contains(#""upgrades":["websocket"],"pingInterval":25000,"pingTimeout":20000,"maxPayload":4096"#), open.body)
        let session = "/socket.io/?EIO=4&transport=polling&sid=\(sid(open.body))"
        XCTAssertEqual(try request("POST", session, token: "user-alice", body: "40").body, "ok")
        XCTAssertTrue(try request("GET", session, token: "user-alice").body.hasPrefix(#"40{"sid":""#))
        commands?.post(.emit(to: "bob", event: "chat", json: #"{"_id":"0"}"#))
        commands?.post(.emit(to: "alice", event: "chat", json: #"{"_id":"1"}"#))
        XCTAssertEqual(try request("GET", session, token: "user-alice").body, #"42["chat",{"_id":"1"}]"#)
    }

    func testAnotherUsersTokenCannotUseASession() throws {
        try startHub()
        let open = try request("GET", "/socket.io/?EIO=4&transport=polling", token: "user-alice")
        let session = "/socket.io/?EIO=4&transport=polling&sid=\(sid(open.body))"
        XCTAssertEqual(try request("GET", session, token: "user-mallory").status, 403)
        XCTAssertEqual(try request("POST", session, token: nil, body: "40").status, 401)
    }

    func testWebSocketAloneConnectsAndReceivesEvents() throws {
        try startHub()
        let client = try WebSocketTestClient(path: path)
        XCTAssertEqual(client.upgrade("/socket.io/?EIO=4&transport=websocket", token: "user-alice"), 101)
        XCTAssertTrue(client.readText()?.hasPrefix(#"0{"sid":""#) == true)
        client.sendFrame("40")
        XCTAssertTrue(client.readText()?.hasPrefix(#"40{"sid":""#) == true)
        client.sendFrame(#"421["changesocketid","alice"]"#)
        XCTAssertEqual(client.readText(), "431[true]")
        client.sendFrame(#"422["changesocketid","hard-coded"]"#)
        XCTAssertEqual(client.readText(), "432[false]")
        commands?.post(.emit(to: "alice", event: "chat", json: #"{"_id":"2"}"#))
        XCTAssertEqual(client.readText(), #"42["chat",{"_id":"2"}]"#)
    }

    func testPollingUpgradesToWebSocketAndThePendingPollEnds() throws {
        try startHub()
        let open = try request("GET", "/socket.io/?EIO=4&transport=polling", token: "user-alice")
        let id = sid(open.body)
        XCTAssertEqual(try request("POST", "/socket.io/?EIO=4&transport=polling&sid=\(id)", token: "user-alice", body: "40").body, "ok")
        _ = try request("GET", "/socket.io/?EIO=4&transport=polling&sid=\(id)", token: "user-alice")
        let poll = try WebSocketTestClient(path: path)
        poll.send("GET /socket.io/?EIO=4&transport=polling&sid=\(id) HTTP/1.1\r\nidtoken: user-alice\r\n\r\n")
        let socket = try WebSocketTestClient(path: path)
        XCTAssertEqual(socket.upgrade("/socket.io/?EIO=4&transport=websocket&sid=\(id)", token: "user-alice"), 101)
        socket.sendFrame("2probe")
        XCTAssertEqual(socket.readText(), "3probe")
        socket.sendFrame("5")
        XCTAssertTrue(String(decoding: poll.readToEnd(), as: UTF8.self).hasSuffix("\r\n\r\n6"))
        commands?.post(.emit(to: "alice", event: "chat", json: #"{"_id":"3"}"#))
        XCTAssertEqual(socket.readText(), #"42["chat",{"_id":"3"}]"#)
    }

    /// socket.io-client-swift sends `upgrade` only once its poll has returned: the probe ends the
    /// held poll with a noop at once (within the client's 10 s read, a ping would be 60 s away),
    /// a poll while the upgrade is pending ends with a noop too, and what waits goes over the
    /// WebSocket in order.
    func testAProbeEndsTheHeldPollSoTheClientCanUpgradeAtOnce() throws {
        try startHub { $0.pingInterval = .seconds(60) }
        let session = try connectedPolling("user-alice")
        let poll = try WebSocketTestClient(path: path)
        poll.send("GET \(session) HTTP/1.1\r\nidtoken: user-alice\r\n\r\n")
        let socket = try WebSocketTestClient(path: path)
        XCTAssertEqual(socket.upgrade(session.replacingOccurrences(of: "polling", with: "websocket"), token: "user-alice"), 101)
        socket.sendFrame("2probe")
        XCTAssertEqual(socket.readText(), "3probe")
        let held = String(decoding: poll.readToEnd(), as: UTF8.self)
        let next = try request("GET", session, token: "user-alice").body
        commands?.post(.emit(to: "alice", event: "chat", json: #"{"_id":"1"}"#))
        socket.sendFrame("5")
        commands?.post(.emit(to: "alice", event: "chat", json: #"{"_id":"2"}"#))
        XCTAssertEqual(
            [held.hasSuffix("\r\n\r\n6") ? "6" : held, next, socket.readText(), socket.readText()],
            ["6", "6", #"42["chat",{"_id":"1"}]"#, #"42["chat",{"_id":"2"}]"#])
    }

    /// engine.io's `upgradeTimeout`: a probe that has not sent `5` within the bound is closed
    /// with no packet, and the session goes on over polling, its polls held again (not answered
    /// `6` at once, a loop a client could drive at full speed).
    func testAProbeThatNeverUpgradesIsClosedAtTheBoundAndPollsAreHeldAgain() throws {
        try startHub {
            $0.pingInterval = .seconds(60)
            $0.upgradeTimeout = .milliseconds(200)
        }
        let session = try connectedPolling("user-alice")
        let socket = try probing(session)
        let close = socket.readFrame()
        XCTAssertEqual(close?.opcode, 0x8, "the probe's next frame closes it, at the bound")
        XCTAssertEqual(try pollAnsweredByAnEmit(session), #"42["chat",{"_id":"1"}]"#, "the poll was held")
    }

    /// Each CONNECT is a question to the reader (a storage read), and one poll's body can hold
    /// thousands: while one is asked, another is ignored, so a body of CONNECTs, a token in the
    /// header or in each, is one question and one answer.
    func testCONNECTsWhileOneIsAskedAreIgnored() throws {
        try startHub()
        for (token, connect) in [("user-alice", "40"), (nil, #"40{"idtoken":"user-bob"}"#)] {
            let session = "/socket.io/?EIO=4&transport=polling&sid=\(sid(try request("GET", "/socket.io/?EIO=4&transport=polling", token: token).body))"
            XCTAssertEqual(try request("POST", session, token: token, body: Array(repeating: connect, count: 100).joined(separator: "\u{1e}")).body, "ok")
            let answer = try request("GET", session, token: token).body
            XCTAssertTrue(answer.hasPrefix(Self.connected) && !answer.contains("\u{1e}"), "\(connect): \(answer.prefix(200))")
        }
    }

    /// A poll while a probe waits for `5` is held a while before its noop, as engine.io's server
    /// ends it at its next check: a client cannot turn the upgrade into a loop of polls.
    func testAPollWhileAProbeWaitsIsHeldAWhileNotAnsweredAtOnce() throws {
        try startHub {
            $0.pingInterval = .seconds(60)
            $0.noopWhileUpgrading = .seconds(60)
        }
        let session = try connectedPolling("user-alice")
        // The probe stays open while the poll is made.
        try withExtendedLifetime(try probing(session)) {
            XCTAssertEqual(try pollAnsweredByAnEmit(session), #"42["chat",{"_id":"1"}]"#, "the poll was held")
        }
    }

    func testHostileFramesCloseTheirConnectionWithTheirCodeAndNoOther() throws {
        try startHub()
        let bystander = try WebSocketTestClient(path: path)
        XCTAssertEqual(bystander.upgrade("/socket.io/?EIO=4&transport=websocket", token: "user-bob"), 101)
        _ = bystander.readText()
        bystander.sendFrame("40")
        _ = bystander.readText()
        for (frame, code) in [(clientFrame(0x1, Array("40".utf8), masked: false), 1002), (clientFrame(0x1, [0x34, 0xFF]), 1007),
                              (clientFrame(0x1, Array(repeating: 0x34, count: 5_000)), 1009), (clientFrame(0x1, Array("9x".utf8)), 1008),
                              (clientFrame(0x2, [1, 2]), 1003)] {
            let attacker = try WebSocketTestClient(path: path)
            XCTAssertEqual(attacker.upgrade("/socket.io/?EIO=4&transport=websocket", token: "user-mallory"), 101)
            _ = attacker.readText()
            attacker.send(frame)
            var closing: (opcode: UInt8, payload: [UInt8])?
            while let next = attacker.readFrame() { if next.opcode == 0x8 { closing = next; break } }
            XCTAssertEqual(closing.map { Int($0.payload[0]) << 8 | Int($0.payload[1]) }, code)
        }
        commands?.post(.emit(to: "bob", event: "chat", json: "{}"))
        XCTAssertEqual(bystander.readText(), #"42["chat",{}]"#)
    }

    /// A peer that hangs up before the hub's answer (lighttpd cutting a stream it refuses) is an
    /// error for that connection, never a SIGPIPE that ends the process; the hub serves on.
    func testAPeerGoneBeforeTheAnswerLeavesTheHubServing() throws {
        try startHub()
        for _ in 0..<20 {
            let gone = try WebSocketTestClient(path: path)
            XCTAssertEqual(gone.upgrade("/socket.io/?EIO=4&transport=websocket", token: "user-mallory"), 101)
            _ = gone.readText()
            // Oversized: the hub answers with a close frame, to a peer already gone.
            gone.send(Array(clientFrame(0x1, Array(repeating: 0x34, count: 5_000)).prefix(14)))
            gone.reset()
        }
        let client = try WebSocketTestClient(path: path)
        XCTAssertEqual(client.upgrade("/socket.io/?EIO=4&transport=websocket", token: "user-bob"), 101)
        XCTAssertEqual(client.readText()?.first, "0")
    }

    /// A client that answers the server's pings stays past `pingInterval + pingTimeout`; one that
    /// does not is closed once its pong is late.
    func testPingsKeepAnsweringClientsAndEndSilentOnes() throws {
        try startHub { settings in
            // A pong may take 2 s: far more than a loaded machine needs to answer.
            settings.pingInterval = .milliseconds(200)
            settings.pingTimeout = .seconds(2)
        }
        let answering = try WebSocketTestClient(path: path), silent = try WebSocketTestClient(path: path)
        for client in [answering, silent] {
            XCTAssertEqual(client.upgrade("/socket.io/?EIO=4&transport=websocket", token: "user-alice"), 101)
            XCTAssertTrue(client.readText()?.contains(#""pingInterval":200,"pingTimeout":2000"#) == true)
            client.sendFrame("40")
            _ = client.readText()
        }
        // The answering client answers every ping on a thread of its own until its first event.
        let heard = Mutex<[String]>([])
        let done = DispatchSemaphore(value: 0)
        Thread {
            while let text = answering.readText() {
                if text == "2" {
                    answering.sendFrame("3")
                    heard.withLock { $0.append(text) }
                    continue
                }
                heard.withLock { $0.append(text) }
                if text.hasPrefix("42") { break }
            }
            done.signal()
        }.start()
        XCTAssertEqual(silent.readText(), "2")
        XCTAssertEqual(silent.readText(), "1", "the close packet once the pong is late")
        XCTAssertEqual(silent.readFrame()?.opcode, 0x8)
        commands?.post(.emit(to: "alice", event: "chat", json: "{}"))
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        let texts = heard.withLock { $0 }
        XCTAssertGreaterThan(texts.filter { $0 == "2" }.count, 5, "pings answered past pingInterval + pingTimeout")
        XCTAssertEqual(texts.filter { $0 != "2" }, [#"42["chat",{}]"#])
    }

    /// An answer is written whole whatever its size: past what the socket holds at once (the
    /// reader starts only once the socket holds 150 KB, so the hub waits to write the rest and
    /// closes when it is written) and past the bound on a slow WebSocket reader's output; the
    /// hub serves on after each.
    func testAnswersFromAKilobyteToTenMegabytesArriveWhole() throws {
        try startHub()
        for count in [1_000, 100_000, 300_000, 1 << 20, 3_000_000, 10_000_000] {
            let client = try WebSocketTestClient(path: path)
            client.send("GET /answer?bytes=\(count) HTTP/1.1\r\nHost: hub\r\n\r\n")
            if count > 150_000 {
                let deadline = Date().addingTimeInterval(30)
                while client.waiting < 150_000, client.hasInput(within: 1), Date() < deadline { usleep(1_000) }
            }
            let answer = client.readToEnd()
            let head = Array("HTTP/1.1 200 OK\r\n".utf8)
            XCTAssertEqual(Array(answer.prefix(head.count)), head, "\(count) bytes")
            let body = answer.firstRange(of: [13, 10, 13, 10]).map { Array(answer[$0.upperBound...]) } ?? []
            XCTAssertEqual(body.count, count, "\(count) bytes")
            XCTAssertTrue(body == Self.pattern(count), "\(count) bytes arrived as written")
        }
        XCTAssertEqual(try request("GET", "/answer?bytes=5", token: nil).body, "abcde")
    }

    /// lighttpd hands a body on as it comes: a request refused on its head alone (no token, a
    /// declared body past the bound, chunks without a token) is answered at once, before any of
    /// its body, with slp's JSON error object.
    func testARequestRefusedOnItsHeadIsAnsweredBeforeItsBody() throws {
        try startHub()
        let session = "POST /socket.io/?EIO=4&transport=polling&sid=x HTTP/1.1\r\nHost: hub\r\n"
        for (head, status) in [(session + "Content-Length: 4000\r\n\r\n", 401), (session + "Transfer-Encoding: chunked\r\n\r\n", 401),
                               (session + "idtoken: user-alice\r\nContent-Length: 300000000\r\n\r\n", 413)] {
            let client = try WebSocketTestClient(path: path)
            client.send(head)
            let answer = client.readResponse()
            XCTAssertTrue(answer.hasPrefix("HTTP/1.1 \(status) "), answer)
            XCTAssertTrue(answer.contains(#"\#r\#n\#r\#n{"error":{"code":""#) && answer.contains(#""status":\#(status),"message":"#), answer)
        }
    }

    /// A poll's packets sent in chunks (as lighttpd streams a chunked body on) are read as they come.
    func testAPollPostInChunksIsReadAsItComes() throws {
        try startHub()
        let open = try request("GET", "/socket.io/?EIO=4&transport=polling", token: "user-alice")
        let session = "/socket.io/?EIO=4&transport=polling&sid=\(sid(open.body))"
        let client = try WebSocketTestClient(path: path)
        client.send("POST \(session) HTTP/1.1\r\nHost: hub\r\nidtoken: user-alice\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n4\r\n")
        XCTAssertFalse(client.hasInput(within: 0.2), "the body is not whole yet")
        client.send("1\r\n0\r\n0\r\n\r\n")
        XCTAssertTrue(client.readResponse().hasSuffix("\r\n\r\nok"))
        XCTAssertTrue(try request("GET", session, token: "user-alice").body.hasPrefix(#"40{"sid":""#))
    }

    /// Whatever the hub refuses, its answer is slp's JSON error object with the status's code.
    func testEveryRefusalIsSlpsJSONErrorObject() throws {
        try startHub()
        let open = try request("GET", "/socket.io/?EIO=4&transport=polling", token: "user-alice")
        let session = "/socket.io/?EIO=4&transport=polling&sid=\(sid(open.body))"
        let cases: [(String, String, String?, Int, String)] = [
            ("GET", "/socket.io/?EIO=3&transport=polling", "user-alice", 400, "unsupported_protocol"),
            ("GET", "/socket.io/?EIO=4&transport=flash", "user-alice", 400, "unknown_transport"),
            ("GET", session, nil, 401, "unauthorized"),
            ("GET", "/socket.io/?EIO=4&transport=polling&sid=nope", "user-alice", 400, "unknown_session"),
            ("GET", session, "user-mallory", 403, "forbidden"),
            ("PUT", session, "user-alice", 400, "bad_request"),
            ("POST", "/socket.io/?EIO=4&transport=polling", "user-alice", 400, "bad_request"),
            ("GET", "/socket.io/?EIO=4&transport=websocket", "user-alice", 400, "bad_request"),
        ]
        for (method, target, token, status, code) in cases {
            let answer = try request(method, target, token: token)
            XCTAssertEqual(answer.status, status, "\(method) \(target)")
            let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: [String: Any]]
            XCTAssertEqual(object?.keys.sorted(), ["error"], answer.body)
            XCTAssertEqual(object?["error"]?["code"] as? String, code, answer.body)
            XCTAssertEqual(object?["error"]?["status"] as? Int, status, answer.body)
            XCTAssertNotNil(object?["error"]?["message"] as? String, answer.body)
        }
    }

    /// Only users the gate admits hold sessions: a handshake of one it refuses gets its refusal,
    /// and a socket whose user is refused since its handshake gets CONNECT_ERROR, not a socket.
    func testAUserTheGateRefusesHoldsNoSessionAndConnectsNoSocket() throws {
        try startHub()
        withdrawn.names.withLock { _ = $0.insert("ghost") }
        XCTAssertEqual(try request("GET", "/socket.io/?EIO=4&transport=polling", token: "user-ghost").status, 406)
        let client = try WebSocketTestClient(path: path)
        XCTAssertEqual(client.upgrade("/socket.io/?EIO=4&transport=websocket", token: "user-alice"), 101)
        XCTAssertEqual(client.readText()?.first, "0")
        withdrawn.names.withLock { _ = $0.insert("alice") }
        client.sendFrame("40")
        XCTAssertEqual(client.readText(), #"44{"message":"not registered","data":{"error":{"code":"not_registered","status":406,"message":"not registered"}}}"#)
        withdrawn.names.withLock { _ = $0.remove("alice") }
        client.sendFrame("40")
        XCTAssertEqual(client.readText()?.hasPrefix(#"40{"sid":""#), true, "admitted again once the gate says so")
    }

    /// Serve stopping: each session's transport ends with nothing before it (a WebSocket closes
    /// 1001, a held poll is answered with a noop) so that every Socket.IO client reconnects, the
    /// session is gone, and a session opened afterwards gets the same at once.
    func testGoodbyeEndsEveryTransportWithoutAPacketAndEachSessionThatStillComes() throws {
        try startHub()
        let socket = try connectedWebSocket("user-alice")
        let session = try connectedPolling("user-bob")
        let poll = try WebSocketTestClient(path: path)
        poll.send("GET \(session) HTTP/1.1\r\nidtoken: user-bob\r\n\r\n")
        // Read by the hub, so held before the goodbye comes.
        let deadline = Date().addingTimeInterval(10)
        while poll.unread > 0, Date() < deadline { usleep(1_000) }

        commands?.post(.goodbye)
        let close = socket.readFrame()
        XCTAssertEqual(close?.opcode, 0x8, "the very next frame closes")
        XCTAssertEqual(close?.payload, [0x03, 0xE9], "1001, going away")
        XCTAssertTrue(String(decoding: poll.readToEnd(), as: UTF8.self).hasSuffix("\r\n\r\n6"), "the held poll: a noop")
        XCTAssertEqual(try request("GET", session, token: "user-bob").status, 400, "the session is gone")

        let late = try WebSocketTestClient(path: path)
        XCTAssertEqual(late.upgrade("/socket.io/?EIO=4&transport=websocket", token: "user-carol"), 101)
        XCTAssertTrue(late.readText()?.hasPrefix(#"0{"sid":""#) == true)
        XCTAssertEqual(late.readFrame()?.payload, [0x03, 0xE9], "a WebSocket that comes later closes at once")
        let latePolling = "/socket.io/?EIO=4&transport=polling&sid=\(sid(try request("GET", "/socket.io/?EIO=4&transport=polling", token: "user-dave").body))"
        XCTAssertEqual(try request("GET", latePolling, token: "user-dave").body, "6", "a session that comes later: its first poll a noop")
    }

    /// A poll heard before the goodbye whose token the reader answers only after it ends as the
    /// held polls did (a noop), not as a poll of a sid never held (400 `unknown_session`).
    func testAPollWaitingForItsTokensAnswerAtTheGoodbyeEndsAsAHeldPollDoes() throws {
        try startHub()
        let socket = try connectedWebSocket("user-alice")
        let session = try connectedPolling("user-bob")
        stalled.tokens.withLock { _ = $0.insert("user-bob") }
        let poll = try WebSocketTestClient(path: path)
        poll.send("GET \(session) HTTP/1.1\r\nidtoken: user-bob\r\n\r\n")
        let deadline = Date().addingTimeInterval(10)
        while stalled.count.withLock({ $0 }) == 0, Date() < deadline { usleep(1_000) }

        commands?.post(.goodbye)
        XCTAssertEqual(socket.readFrame()?.opcode, 0x8, "the goodbye has been said")
        releases?.post(true)
        let answer = String(decoding: poll.readToEnd(), as: UTF8.self)
        XCTAssertTrue(answer.hasPrefix("HTTP/1.1 200 ") && answer.hasSuffix("\r\n\r\n6"), answer)
    }

    // MARK: - The token in Socket.IO's CONNECT (browsers)

    private static let connected = #"40{"sid":""#

    /// A request as lighttpd hands it on, from the client at `address`.
    private func request(_ method: String, _ target: String, from address: String, body: String = "") throws -> Int {
        let client = try WebSocketTestClient(path: path)
        client.send("\(method) \(target) HTTP/1.1\r\nHost: hub\r\nX-Forwarded-For: \(address)\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
        let answer = String(decoding: client.readToEnd(), as: UTF8.self)
        return Int(answer.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    func testAPollingSessionWithoutAHeaderConnectsWithTheTokenInItsCONNECT() throws {
        try startHub()
        let open = try request("GET", "/socket.io/?EIO=4&transport=polling", token: nil)
        XCTAssertEqual(open.status, 200)
        let session = "/socket.io/?EIO=4&transport=polling&sid=\(sid(open.body))"
        XCTAssertEqual(try request("POST", session, token: nil, body: #"40{"idtoken":"user-alice"}"#).body, "ok")
        XCTAssertTrue(try request("GET", session, token: nil).body.hasPrefix(Self.connected))
        commands?.post(.emit(to: "alice", event: "chat", json: #"{"_id":"3"}"#))
        XCTAssertEqual(try request("GET", session, token: nil).body, #"42["chat",{"_id":"3"}]"#)
    }

    /// Before its CONNECT a session is nobody's: what is emitted to the user and a
    /// `changesocketid` reach it not; after it, both do.
    func testAWebSocketWithoutAHeaderReceivesNothingUntilItsCONNECT() throws {
        try startHub()
        let client = try WebSocketTestClient(path: path)
        XCTAssertEqual(client.upgrade("/socket.io/?EIO=4&transport=websocket", token: nil), 101)
        XCTAssertTrue(client.readText()?.hasPrefix(#"0{"sid":""#) == true)
        // The loop takes commands in the order posted: once bob has his, alice's emit was
        // handled, before the CONNECT is sent (else its token check may come first).
        let bob = try connectedWebSocket("user-bob")
        commands?.post(.emit(to: "alice", event: "chat", json: #"{"_id":"4"}"#))
        commands?.post(.emit(to: "bob", event: "chat", json: #"{"_id":"handled"}"#))
        XCTAssertEqual(bob.readText(), #"42["chat",{"_id":"handled"}]"#)
        client.sendFrame(#"421["changesocketid","alice"]"#)
        client.sendFrame(#"40{"idtoken":"user-alice"}"#)
        XCTAssertTrue(client.readText()?.hasPrefix(Self.connected) == true, "nothing before the CONNECT's answer")
        client.sendFrame(#"422["changesocketid","alice"]"#)
        XCTAssertEqual(client.readText(), "432[true]")
        commands?.post(.emit(to: "alice", event: "chat", json: #"{"_id":"5"}"#))
        XCTAssertEqual(client.readText(), #"42["chat",{"_id":"5"}]"#)
    }

    func testABadTokenInCONNECTGetsCONNECT_ERRORAndEndsTheSession() throws {
        try startHub()
        withdrawn.names.withLock { _ = $0.insert("ghost") }
        let refusals = [
            (#"40{"idtoken":"forged"}"#, #"44{"message":"no idtoken","data":{"error":{"code":"unauthorized","status":401,"message":"no idtoken"}}}"#),
            ("40", #"44{"message":"no idtoken in the CONNECT's auth","data":{"error":{"code":"unauthorized","status":401,"message":"no idtoken in the CONNECT's auth"}}}"#),
            (#"40{"idtoken":"user-ghost"}"#, #"44{"message":"not registered","data":{"error":{"code":"not_registered","status":406,"message":"not registered"}}}"#),
        ]
        for (connect, refusal) in refusals {
            let client = try WebSocketTestClient(path: path)
            XCTAssertEqual(client.upgrade("/socket.io/?EIO=4&transport=websocket", token: nil), 101)
            XCTAssertEqual(client.readText()?.first, "0")
            client.sendFrame(connect)
            XCTAssertEqual(client.readText(), refusal, connect)
            XCTAssertEqual(client.readText(), "1", "\(connect): Engine.IO's close")
            XCTAssertEqual(client.readFrame()?.opcode, 0x8, "\(connect): the WebSocket's close")

            let session = "/socket.io/?EIO=4&transport=polling&sid=\(sid(try request("GET", "/socket.io/?EIO=4&transport=polling", token: nil).body))"
            // A poll held while the CONNECT comes takes the refusal, and the session ends with it.
            let poll = try WebSocketTestClient(path: path)
            poll.send("GET \(session) HTTP/1.1\r\nHost: hub\r\n\r\n")
            let deadline = Date().addingTimeInterval(10)
            while poll.unread > 0, Date() < deadline { usleep(1_000) }
            XCTAssertEqual(try request("POST", session, token: nil, body: connect).body, "ok")
            XCTAssertTrue(poll.readResponse().hasSuffix("\r\n\r\n" + refusal), connect)
            // The session is gone: its sid is as good as none, which needs a token.
            XCTAssertEqual(try request("GET", session, token: nil).status, 401, "\(connect): the session is gone")
        }
    }

    func testASessionWithoutItsCONNECTIsClosedAfterTheTimeout() throws {
        try startHub { $0.connectTimeout = .milliseconds(100) }
        let client = try WebSocketTestClient(path: path)
        XCTAssertEqual(client.upgrade("/socket.io/?EIO=4&transport=websocket", token: nil), 101)
        XCTAssertEqual(client.readText()?.first, "0")
        XCTAssertEqual(client.readText(), "1")
        XCTAssertEqual(client.readFrame()?.opcode, 0x8)
        let session = "/socket.io/?EIO=4&transport=polling&sid=\(sid(try request("GET", "/socket.io/?EIO=4&transport=polling", token: nil).body))"
        // The poll is held until the session ends, then answered with Engine.IO's close.
        XCTAssertEqual(try request("GET", session, token: nil).body, "1")
        XCTAssertEqual(try request("GET", session, token: nil).status, 401, "the session is gone")
    }

    /// Sessions waiting for their CONNECT are bounded per address and in all; one that
    /// connects no longer counts.
    func testSessionsWaitingForTheirCONNECTAreBoundedPerAddressAndInAll() throws {
        try startHub {
            $0.maxWaitingForConnectPerAddress = 2
            $0.maxWaitingForConnect = 3
        }
        let handshake = "/socket.io/?EIO=4&transport=polling"
        XCTAssertEqual(try request("GET", handshake, from: "192.0.2.1"), 200)
        XCTAssertEqual(try request("GET", handshake, from: "198.51.100.9, 192.0.2.1"), 200)
        XCTAssertEqual(try request("GET", handshake, from: "192.0.2.1"), 429)
        XCTAssertEqual(try request("GET", handshake, from: "192.0.2.2"), 200)
        XCTAssertEqual(try request("GET", handshake, from: "192.0.2.3"), 503)
        // A session with a header never waits.
        XCTAssertEqual(try request("GET", handshake, token: "user-alice").status, 200)
        let open = try request("GET", handshake, token: nil)
        XCTAssertEqual(open.status, 503)
        let client = try WebSocketTestClient(path: path)
        client.send("GET \(handshake) HTTP/1.1\r\nHost: hub\r\nX-Forwarded-For: 192.0.2.4\r\n\r\n")
        XCTAssertEqual(client.readResponse().hasPrefix("HTTP/1.1 503"), true)
    }

    /// A session whose CONNECT was refused still counts against its address until it is gone (at
    /// its next poll): else each refusal would make room for another session at once.
    func testARefusedBrowserSessionCountsAsWaitingUntilItIsGone() throws {
        try startHub { $0.maxWaitingForConnectPerAddress = 1 }
        let handshake = "/socket.io/?EIO=4&transport=polling"
        let session = "\(handshake)&sid=\(sid(try request("GET", handshake, token: nil).body))"
        XCTAssertEqual(try request("POST", session, token: nil, body: #"40{"idtoken":"forged"}"#).body, "ok")
        let refusedThenOpened = [try request("GET", handshake, token: nil).status, try request("GET", session, token: nil).status, try request("GET", handshake, token: nil).status]
        XCTAssertEqual(refusedThenOpened, [429, 200, 200])
    }

    func testAConnectedBrowserSessionNoLongerCountsAsWaiting() throws {
        try startHub { $0.maxWaitingForConnect = 1 }
        let handshake = "/socket.io/?EIO=4&transport=polling"
        let session = "\(handshake)&sid=\(sid(try request("GET", handshake, token: nil).body))"
        XCTAssertEqual(try request("GET", handshake, token: nil).status, 503)
        XCTAssertEqual(try request("POST", session, token: nil, body: #"40{"idtoken":"user-alice"}"#).body, "ok")
        XCTAssertTrue(try request("GET", session, token: nil).body.hasPrefix(Self.connected))
        XCTAssertEqual(try request("GET", handshake, token: nil).status, 200)
    }

    /// A user's ninth session ends their oldest saying why, in packets every client reads: a
    /// connected WebSocket gets `closing` with slp's error object, DISCONNECT, the Engine.IO
    /// close and a close frame; a polling session no poll waits on gets them at its next poll;
    /// one never connected, CONNECT_ERROR with the same object.
    func testTheNinthSessionEndsTheOldestSayingWhy() throws {
        try startHub()
        let reason = #"{"error":{"code":"too_many_sessions","status":409,"message":"a newer session of this user took this one's place (8 at most)"}}"#
        let socket = try connectedWebSocket("user-alice")
        let polling = try connectedPolling("user-alice")
        let unconnected = "/socket.io/?EIO=4&transport=polling&sid=\(sid(try request("GET", "/socket.io/?EIO=4&transport=polling", token: "user-alice").body))"
        for _ in 0..<6 { XCTAssertEqual(try request("GET", "/socket.io/?EIO=4&transport=polling", token: "user-alice").status, 200) }

        XCTAssertEqual(try request("GET", "/socket.io/?EIO=4&transport=polling", token: "user-alice").status, 200, "the ninth")
        XCTAssertEqual(socket.readText(), #"42["closing",\#(reason)]"#)
        XCTAssertEqual(socket.readText(), "41")
        XCTAssertEqual(socket.readText(), "1")
        XCTAssertEqual(socket.readFrame()?.payload, [0x03, 0xE8], "then a close frame, 1000")

        XCTAssertEqual(try request("GET", "/socket.io/?EIO=4&transport=polling", token: "user-alice").status, 200, "the tenth")
        XCTAssertEqual(try request("GET", polling, token: "user-alice").body, "42[\"closing\",\(reason)]\u{1e}41\u{1e}1", "at its next poll")
        XCTAssertEqual(try request("GET", polling, token: "user-alice").status, 400, "then it is gone")

        XCTAssertEqual(try request("GET", "/socket.io/?EIO=4&transport=polling", token: "user-alice").status, 200, "the eleventh")
        let refused = try request("GET", unconnected, token: "user-alice").body
        XCTAssertEqual(refused, #"44{"message":"a newer session of this user took this one's place (8 at most)","data":\#(reason)}\#u{1e}1"#)
    }

    /// Ended sessions waiting for their next poll are a user's `sessionsPerUser` at most: beyond,
    /// the oldest is closed outright, so that handshakes at full speed, each ending an older
    /// session, leave no pile of them behind.
    func testAUsersSessionsEndedAndWaitingForTheirNextPollAreBounded() throws {
        try startHub()
        let handshake = "/socket.io/?EIO=4&transport=polling"
        let first = "\(handshake)&sid=\(sid(try request("GET", handshake, token: "user-alice").body))"
        // The 9th to the 17th end the 1st to the 9th: nine ended, one too many.
        for _ in 0..<16 { XCTAssertEqual(try request("GET", handshake, token: "user-alice").status, 200) }
        XCTAssertEqual(try request("GET", first, token: "user-alice").status, 400, "the oldest ended is gone")
    }

    /// A session ends when its token expires, told as REST tells it (401, `the idtoken has
    /// expired`), a WebSocket (which carries no header after its upgrade) as a poll; a session
    /// whose polls bring a fresh token goes on.
    func testASessionEndsWhenItsTokenExpiresSayingWhy() throws {
        try startHub()
        let reason = #"{"error":{"code":"unauthorized","status":401,"message":"the idtoken has expired"}}"#
        let socket = try connectedWebSocket("user-alice@300")
        let polling = try connectedPolling("user-bob@300")
        let renewed = "/socket.io/?EIO=4&transport=polling&sid=\(sid(try request("GET", "/socket.io/?EIO=4&transport=polling", token: "user-carol@300").body))"
        XCTAssertEqual(try request("POST", renewed, token: "user-carol@600000", body: "40").body, "ok")

        XCTAssertEqual(socket.readText(), #"42["closing",\#(reason)]"#, "at exp")
        XCTAssertEqual(socket.readText(), "41")
        XCTAssertEqual(socket.readText(), "1")
        XCTAssertEqual(try request("GET", polling, token: "user-bob@600000").body, "42[\"closing\",\(reason)]\u{1e}41\u{1e}1", "the poll after exp")
        XCTAssertEqual(try request("GET", polling, token: "user-bob@600000").status, 400, "then it is gone")
        XCTAssertTrue(try request("GET", renewed, token: "user-carol@600000").body.hasPrefix(#"40{"sid":""#), "a fresh token keeps it")
    }
}
