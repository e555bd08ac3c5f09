#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SLPTestSupport
import XCTest

/// The realtime hub as `slp serve` runs it, under strain: a flood of long polls from one user,
/// the hub killed outright, hostile WebSocket frames through lighttpd; on every backend.
final class APIRealtimeHubCLITests: XCTestCase {
    private func waitUntil(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(SLPBinary.patience)
        while Date() < deadline {
            if condition() { return true }
            usleep(5_000)
        }
        return condition()
    }

    /// 300 long polls from one user: no process is added for them (the hub holds them), the
    /// user keeps 8 (each newer one answers the oldest 409 `too_many_polls`, not an `[]` that reads
    /// as a wait over), another user is answered
    /// meanwhile, and polls whose connections are reset are let go at once.
    func testThreeHundredLongPollsFromOneUserAddNoProcessAndLeaveOthersAnswered() {
        TestBackend.each(self) { _, database, _ in
            let slp = SLPBinary(database: database)
            let server = try ServedSLP(slp)
            let a = try APIPerson.register(slp, server.client, block: 5500, 0), b = try APIPerson.register(slp, server.client, block: 5500, 1)
            let hub = try XCTUnwrap(ServeProcesses.hub(of: server.process.pid))
            let processes = ServeProcesses.descendants(of: server.process.pid)
            // From two addresses: one address may hold 256 connections.
            var second = server.client
            second.source = "127.0.0.2"
            let polls = try (0..<300).map { index in
                let poll = WebSocketTestClient(descriptor: try (index % 2 == 0 ? server.client : second).connect())
                poll.send("GET /v1/events?since=0&wait=60 HTTP/1.1\r\nHost: slp\r\nidtoken: \(a.token)\r\n\r\n")
                return poll
            }
            XCTAssertTrue(waitUntil { polls.filter { $0.hasInput() }.count >= 292 })
            let answered = polls.filter { $0.hasInput() }, held = polls.filter { !$0.hasInput() }
            XCTAssertEqual(answered.count, 292, "8 are held")
            for poll in answered {
                let answer = poll.readResponse()
                XCTAssertTrue(answer.hasPrefix("HTTP/1.1 409"), answer)
                XCTAssertTrue(answer.contains(#"{"error":{"code":"too_many_polls","status":409,"#), answer)
            }
            XCTAssertEqual(ServeProcesses.descendants(of: server.process.pid), processes, "no process for a poll")
            let other = try server.client.get("/v1/user", token: b.token)
            XCTAssertEqual(other.status, 200)
            XCTAssertFalse(held.contains { $0.hasInput() }, "still held")
            // The connection that carries a poll ending frees its slot at once: 8 polls straight
            // on the hub's socket (as lighttpd sends them) take the 8 slots, and the newest 4 then
            // hang up (the oldest would be the first let go anyway, freed or not).
            // (lighttpd itself keeps a poll whose client is gone until its answer: it does not
            // watch a client while the hub has not answered.)
            let socket = try XCTUnwrap(ServeProcesses.hubSocket(of: hub))
            let longPoll = "GET /v1/events?since=0&wait=60 HTTP/1.1\r\nHost: slp\r\nidtoken: \(a.token)\r\n\r\n"
            let direct = try (0..<8).map { _ in
                let direct = try WebSocketTestClient(path: socket)
                direct.send(longPoll)
                return direct
            }
            for poll in held { XCTAssertTrue(poll.readResponse().contains(#""code":"too_many_polls""#), "the oldest answered first") }
            // The hub closes an answered poll's connection after writing the answer, which lighttpd
            // may pass on before: count once the direct polls are all the hub holds.
            XCTAssertTrue(waitUntil { ServeProcesses.connections(of: hub, on: socket) == 8 }, "\(ServeProcesses.connections(of: hub, on: socket)) for 8")
            let holding = ServeProcesses.openDescriptors(of: hub)
            for poll in direct.suffix(4) { poll.reset() }
            XCTAssertTrue(waitUntil { ServeProcesses.openDescriptors(of: hub) == holding - 4 }, "\(ServeProcesses.openDescriptors(of: hub)) for \(holding - 4)")
            let waiting = direct.prefix(4)
            XCTAssertFalse(waiting.contains { $0.hasInput() }, "the others still wait")
            // Their slots are free: 4 new polls take them and answer none of the 4 that wait. A
            // request the hub reads once it has read theirs is answered after it held them.
            let newer = try (0..<4).map { _ in
                let newer = try WebSocketTestClient(path: socket)
                newer.send(longPoll)
                return newer
            }
            XCTAssertTrue(waitUntil { newer.allSatisfy { $0.unread == 0 } }, "the hub reads the new polls")
            XCTAssertEqual(try WebSocketTestClient.request(socket, "GET", "/v1/events?since=0&wait=0", token: a.token).body, "[]\n")
            XCTAssertFalse(waiting.contains { $0.hasInput() }, "the new polls took the freed slots")
            XCTAssertFalse(newer.contains { $0.hasInput() }, "the new polls are held")
            XCTAssertEqual(server.stop(), 0)
        }
    }

    /// SIGKILL to the hub: serve starts it again and says so; the apps' sockets reconnect by
    /// themselves and get the next message.
    func testTheHubKilledOutrightIsStartedAgainAndSocketsReconnect() {
        TestBackend.each(self) { _, database, _ in
            let slp = SLPBinary(database: database)
            let server = try ServedSLP(slp)
            let (a, b) = try APIPerson.matched(slp, server.client, block: 5500, 10)
            let socket = try SocketIOTestClient(port: server.port, token: b.token, announcing: b.uid)
            XCTAssertTrue(socket.waitUntil { $0.count("connected") == 1 }, "\(socket.reports) \(socket.standardError)")
            let hub = try XCTUnwrap(ServeProcesses.hub(of: server.process.pid))
            kill(hub, SIGKILL)
            XCTAssertTrue(waitUntil { ServeProcesses.hub(of: server.process.pid).map { $0 != hub } ?? false })
            XCTAssertTrue(socket.waitUntil { $0.count("connected") >= 2 }, "\(socket.reports)")
            let sent = try a.send(server.client, to: b, "again")
            XCTAssertTrue(socket.waitUntil { $0.events("chat").count == 1 }, "\(socket.reports)")
            XCTAssertEqual(socket.events("chat"), [sent])
            XCTAssertTrue(server.process.stderr.contains("slp serve: the realtime hub stopped (status 137); started it again"), server.process.stderr)
            socket.close()
            XCTAssertEqual(server.stop(), 0)
        }
    }

    /// Hostile frames through lighttpd: each closes its own connection with the code RFC 6455
    /// gives it; a flood of pings is answered (a peer gone before its answer never stops the hub); the hub never falls over and another user's
    /// socket goes on as if nothing happened.
    func testHostileFramesCloseOnlyTheirOwnConnectionWithTheRightCode() {
        TestBackend.each(self) { _, database, _ in
            let slp = SLPBinary(database: database)
            let server = try ServedSLP(slp)
            let (a, b) = try APIPerson.matched(slp, server.client, block: 5500, 20)
            let stranger = try APIPerson.register(slp, server.client, block: 5500, 22)
            let bystander = try SocketIOTestClient(port: server.port, token: b.token, transports: "websocket", announcing: b.uid)
            XCTAssertTrue(bystander.waitUntil { $0.count("ack") == 1 }, "\(bystander.reports) \(bystander.standardError)")
            let hub = try XCTUnwrap(ServeProcesses.hub(of: server.process.pid))
            let cases: [(String, [UInt8], Int)] = [
                ("unmasked", clientFrame(0x1, Array("40".utf8), masked: false), 1002),
                ("oversized", clientFrame(0x1, [UInt8](repeating: 0x61, count: 100_001)), 1009),
                ("bad UTF-8", clientFrame(0x1, [0x34, 0xC3, 0x28]), 1007),
                ("not Engine.IO", clientFrame(0x1, Array("hello".utf8)), 1008),
                ("binary", clientFrame(0x2, [1, 2, 3]), 1003),
                ("reserved bits", clientFrame(0x1, Array("40".utf8), rsv: 0x4), 1002),
                ("unknown opcode", clientFrame(0x3, []), 1002),
            ]
            for (name, frame, expected) in cases {
                let raw = WebSocketTestClient(descriptor: try server.client.connect())
                XCTAssertEqual(raw.upgrade("/socket.io/?EIO=4&transport=websocket", token: stranger.token), 101, name)
                XCTAssertEqual(raw.readText()?.first, "0", "\(name): the open packet")
                raw.send(frame)
                var code: Int?
                while code == nil, let (opcode, payload) = raw.readFrame() {
                    if opcode == 0x8, payload.count >= 2 { code = Int(payload[0]) << 8 | Int(payload[1]) }
                }
                XCTAssertEqual(code, expected, name)
            }
            // 25,000 pings at once, before reading anything (150 KB: more than lighttpd lets a
            // request body be, which a WebSocket's frames all count as): each answered, and the
            // socket still works.
            let flood = WebSocketTestClient(descriptor: try server.client.connect())
            XCTAssertEqual(flood.upgrade("/socket.io/?EIO=4&transport=websocket", token: stranger.token), 101)
            XCTAssertEqual(flood.readText()?.first, "0")
            flood.send(Array([[UInt8]](repeating: clientFrame(0x9, []), count: 25_000).joined()))
            var pongs = 0
            while pongs < 25_000, let (opcode, _) = flood.readFrame(), opcode == 0xA { pongs += 1 }
            XCTAssertEqual(pongs, 25_000)
            flood.sendFrame("40")
            XCTAssertEqual(flood.readText()?.hasPrefix("40{\"sid\":"), true)
            XCTAssertEqual(ServeProcesses.hub(of: server.process.pid), hub, "the hub never fell over")
            let sent = try a.send(server.client, to: b, "still%20here")
            XCTAssertTrue(bystander.waitUntil { $0.events("chat").count == 1 }, "\(bystander.reports)")
            XCTAssertEqual(bystander.events("chat"), [sent])
            XCTAssertEqual(bystander.count("disconnected"), 0)
            bystander.close()
            XCTAssertEqual(server.stop(), 0)
        }
    }
}
