import Foundation
import XCTest

/// The SLP apps' live chat: Socket.IO through `slp serve` and a real lighttpd to the realtime
/// hub, driven by a client nobody here wrote (`python-socketio`, `SocketIOTestClient`), on every
/// backend.
final class APISocketIOCLITests: XCTestCase {
    private func connected(_ client: SocketIOTestClient, _ times: Int = 1) -> Bool {
        client.waitUntil { $0.count("connected") >= times || !$0.isRunning } && client.count("connected") >= times
    }

    /// The token alone decides, before any store is read: SQLite only.
    func testASocketIsRefusedWithoutATokenAndWithAForgedOne() {
        TestBackend.each(self) { backend, database, _ in
            guard backend == .sqlite else { return }
            let slp = SLPBinary(database: database)
            let server = try ServedSLP(slp)
            let person = try APIPerson.register(slp, server.client, block: 5400, 0)
            var forged = person.token
            forged.replaceSubrange(forged.index(forged.endIndex, offsetBy: -4)..., with: forged.hasSuffix("AAAA") ? "BBBB" : "AAAA")
            for (token, transports) in [(nil, "polling,websocket"), (forged, "polling,websocket"), (nil, "websocket"), (forged, "websocket")] {
                let client = try SocketIOTestClient(port: server.port, token: token, transports: transports)
                XCTAssertTrue(client.waitUntil { !$0.isRunning }, "\(transports): \(client.reports)")
                XCTAssertEqual(client.count("refused"), 1, "\(transports): \(client.reports) \(client.standardError)")
                XCTAssertEqual(client.count("connected"), 0)
            }
            // The handshake itself: 401 and REST's error object, before any session exists.
            let response = try server.client.get("/socket.io/?EIO=4&transport=polling", token: forged)
            XCTAssertEqual(response.status, 401)
            XCTAssertEqual(response.text, try server.client.get("/v1/user", token: forged).text)
            XCTAssertEqual(server.stop(), 0)
        }
    }

    /// A browser's socket: no header, the token in Socket.IO's CONNECT (`auth`), over polling
    /// upgraded to WebSocket and over WebSocket alone: connected as its user, whose messages it
    /// receives; a forged token in the CONNECT is refused.
    func testABrowsersSocketProvesItsUserInItsCONNECT() {
        TestBackend.each(self) { _, database, _ in
            let slp = SLPBinary(database: database)
            let server = try ServedSLP(slp)
            let (a, b) = try APIPerson.matched(slp, server.client, block: 5400, 20)
            var forged = b.token
            forged.replaceSubrange(forged.index(forged.endIndex, offsetBy: -4)..., with: forged.hasSuffix("AAAA") ? "BBBB" : "AAAA")
            for transports in ["polling,websocket", "websocket"] {
                let browser = try SocketIOTestClient(port: server.port, token: b.token, transports: transports, announcing: b.uid, inConnect: true)
                XCTAssertTrue(browser.waitUntil { $0.count("ack") == 1 || !$0.isRunning }, "\(transports): \(browser.reports) \(browser.standardError)")
                XCTAssertEqual(browser.reports.first { $0["kind"] as? String == "ack" }?["data"] as? [Bool], [true], transports)
                let sent = try a.send(server.client, to: b, "hello%20\(transports.count)")
                XCTAssertTrue(browser.waitUntil { $0.events("chat").count == 1 }, "\(transports): \(browser.reports)")
                XCTAssertEqual(browser.events("chat"), [sent], transports)
                browser.close()

                let stranger = try SocketIOTestClient(port: server.port, token: forged, transports: transports, inConnect: true)
                XCTAssertTrue(stranger.waitUntil { !$0.isRunning }, "\(transports): \(stranger.reports)")
                XCTAssertEqual(stranger.count("refused"), 1, "\(transports): \(stranger.reports) \(stranger.standardError)")
                XCTAssertEqual(stranger.count("connected"), 0, transports)
            }
            XCTAssertEqual(server.stop(), 0)
        }
    }

    /// A socket outlives no token: at its token's `exp` the hub tells it why, as REST would
    /// (`closing` with 401 `the idtoken has expired`), and ends it; the client sees a disconnect.
    func testASocketIsToldWhyAndEndedWhenItsTokenExpires() {
        TestBackend.each(self) { backend, database, _ in
            // The hub's own timers decide, not the storage: SQLite's run is enough.
            guard backend == .sqlite else { return }
            // The wall clock, which the hub's timers keep: a token expires in real time.
            let slp = SLPBinary(database: database, now: nil)
            let server = try ServedSLP(slp)
            let person = try APIPerson.register(slp, server.client, block: 5400, 20)
            // `slp token` makes tokens of an hour: one made an hour ago, less a few seconds.
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let madeAt = formatter.string(from: Date().addingTimeInterval(12 - 3_600))
            let token = try slp.run(["token", "--as", person.uid], environment: ["SLP_NOW": madeAt]).stdout.trimmingCharacters(in: .newlines)
            // Over WebSocket alone, which carries no header after its upgrade (HubServerTests
            // checks polling: python-engineio sends the headers on its handshake only).
            for client in [try SocketIOTestClient(port: server.port, token: token, transports: "websocket")] {
                XCTAssertTrue(connected(client), "\(client.reports) \(client.standardError)")
                XCTAssertTrue(client.waitUntil { $0.count("disconnected") >= 1 }, "\(client.reports)")
                let closing = client.reports.first { $0["kind"] as? String == "event" && $0["name"] as? String == "closing" }
                let error = (closing?["data"] as? [String: Any])?["error"] as? [String: Any]
                XCTAssertEqual(error?["code"] as? String, "unauthorized", "\(client.reports)")
                XCTAssertEqual(error?["status"] as? Int, 401)
                XCTAssertEqual(error?["message"] as? String, "the idtoken has expired")
                client.close()
            }
            XCTAssertEqual(server.stop(), 0)
        }
    }

    /// Each message to me reaches both of my devices (one upgraded from polling, one on
    /// WebSocket alone) as `chat`, equal to what REST answered the sender, in order, once; a
    /// socket of someone else that announces my uid gets nothing and its announcement is refused.
    func testChatReachesEveryDeviceOfTheRecipientOnceInOrderAndNobodyElse() {
        TestBackend.each(self) { _, database, _ in
            let slp = SLPBinary(database: database)
            let server = try ServedSLP(slp)
            let (a, b) = try APIPerson.matched(slp, server.client, block: 5400, 10)
            let stranger = try APIPerson.register(slp, server.client, block: 5400, 12)
            let phone = try SocketIOTestClient(port: server.port, token: b.token, announcing: b.uid)
            let tablet = try SocketIOTestClient(port: server.port, token: b.token, transports: "websocket", announcing: b.uid)
            // As MH and SU do: a fixed uid, here the partner's.
            let nosy = try SocketIOTestClient(port: server.port, token: stranger.token, announcing: b.uid)
            let sender = try SocketIOTestClient(port: server.port, token: a.token, announcing: a.uid)
            for client in [phone, tablet, nosy, sender] {
                XCTAssertTrue(client.waitUntil { $0.count("ack") == 1 }, "\(client.reports) \(client.standardError)")
            }
            XCTAssertEqual(phone.reports.first { $0["kind"] as? String == "ack" }?["data"] as? [Bool], [true])
            XCTAssertEqual(nosy.reports.first { $0["kind"] as? String == "ack" }?["data"] as? [Bool], [false])
            XCTAssertTrue(phone.waitUntil { $0.reports.contains { $0["transport"] as? String == "websocket" } || $0.reports.contains { $0["kind"] as? String == "connected" } })
            var sent: [[String: String]] = []
            for index in 1...5 { sent.append(try a.send(server.client, to: b, "hello%20\(index)")) }
            for device in [phone, tablet] {
                XCTAssertTrue(device.waitUntil { $0.events("chat").count >= 5 }, "\(device.reports)")
                XCTAssertEqual(device.events("chat"), sent)
            }
            // A reply goes the other way only.
            let reply = try b.send(server.client, to: a, "%EC%95%88%EB%85%95")
            XCTAssertTrue(sender.waitUntil { $0.events("chat").count == 1 })
            XCTAssertEqual(sender.events("chat"), [reply])
            XCTAssertEqual(reply["chat"], "안녕")
            XCTAssertEqual(nosy.events("chat"), [], "never someone else's messages")
            for device in [phone, tablet] { XCTAssertEqual(device.events("chat").count, 5, "none twice") }
            // The match itself was told to the one who asked, under its `slp events` name.
            XCTAssertEqual(sender.events("chat").count, 1)
            for client in [phone, tablet, nosy, sender] { client.close() }
            XCTAssertEqual(server.stop(), 0)
        }
    }

    /// Two `slp serve` over one database (one SQLite file, or one PostgreSQL database): a message
    /// sent through one reaches sockets held by the other's hub. The sockets stay quiet past the
    /// hub's ping interval and timeout (25 s + 20 s) first: answering its pings keeps them
    /// (python-socketio sends the `idtoken` header on its handshake and upgrade but not on later
    /// polls, which the hub refuses, so its sockets here upgrade as the apps' do).
    func testAMessageThroughOneServeReachesSocketsOnAnotherAfterAQuietPingTimeout() {
        TestBackend.each(self) { _, database, _ in
            let slp = SLPBinary(database: database)
            let first = try ServedSLP(slp), second = try ServedSLP(slp)
            let (a, b) = try APIPerson.matched(slp, first.client, block: 5400, 30)
            let webSocket = try SocketIOTestClient(port: second.port, token: b.token, transports: "websocket", announcing: b.uid)
            let upgraded = try SocketIOTestClient(port: second.port, token: b.token, announcing: b.uid)
            for socket in [webSocket, upgraded] { XCTAssertTrue(connected(socket), "\(socket.reports) \(socket.standardError)") }
            // The point of the test is the protocol's own time: nothing to wait for but it.
            Thread.sleep(forTimeInterval: 46)
            let sent = try a.send(first.client, to: b, "across")
            for socket in [webSocket, upgraded] {
                XCTAssertTrue(socket.waitUntil { $0.events("chat").count == 1 }, "\(socket.reports)")
                XCTAssertEqual(socket.events("chat"), [sent])
                XCTAssertEqual(socket.count("disconnected"), 0, "still the first connection")
                XCTAssertEqual(socket.count("connected"), 1)
                socket.close()
            }
            XCTAssertEqual(first.stop(), 0)
            XCTAssertEqual(second.stop(), 0)
        }
    }
}
