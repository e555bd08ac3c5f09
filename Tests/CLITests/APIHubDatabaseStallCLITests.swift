import Foundation
import SLPTestSupport
import XCTest

/// The hub's loop never waits on the database: with the store stalled by another process, the
/// sockets already open go on as before, on every backend.
final class APIHubDatabaseStallCLITests: XCTestCase {
    /// How long the store stays stalled.
    private static let stall = 5.0
    /// How long a pong or an ack may take meanwhile: what a machine five times slower meets,
    /// and far less than the stall, which a loop that waited on the database would wait out.
    private static let answerBound = 1.0

    /// A socket of `person`'s through lighttpd, over WebSocket, connected to Socket.IO.
    private func connectedSocket(_ server: ServedSLP, _ person: APIPerson) throws -> WebSocketTestClient {
        let socket = WebSocketTestClient(descriptor: try server.client.connect())
        XCTAssertEqual(socket.upgrade("/socket.io/?EIO=4&transport=websocket", token: person.token), 101)
        XCTAssertEqual(socket.readText()?.first, "0", "the open packet")
        socket.sendFrame("40")
        XCTAssertEqual(socket.readText()?.hasPrefix("40{\"sid\":"), true, "connected")
        return socket
    }

    /// The next chat `socket` hears (other events it may hear first pass by); nil if none comes.
    private func nextChat(_ socket: WebSocketTestClient) -> String? {
        while let text = socket.readText() {
            if text.hasPrefix("42[\"chat\",{") { return text }
        }
        return nil
    }

    /// How long `socket`'s answer to what `ask` sends took, if it came as `expected`.
    private func answerTime(_ socket: WebSocketTestClient, _ expected: (opcode: UInt8, payload: String), _ ask: () -> Void) -> Double? {
        let start = Date()
        ask()
        guard let (opcode, payload) = socket.readFrame() else { return nil }
        XCTAssertEqual(opcode, expected.opcode)
        XCTAssertEqual(String(decoding: payload, as: UTF8.self), expected.payload)
        return Date().timeIntervalSince(start)
    }

    /// For five seconds no read or write of the store goes through (the hub's feed and its
    /// penalty sweep wait, as does every token check): the two sockets already open have each
    /// ping answered and a `changesocketid` acknowledged within a second all along. What needs
    /// the store waits for it: a third user's socket connects only once it is back (its token
    /// and registration are checked by reading it), and then a message reaches its recipient.
    func testAStalledDatabaseDelaysNoPingOrFrameOfTheSocketsAlreadyOpen() {
        TestBackend.each(self) { backend, database, _ in
            let slp = SLPBinary(database: database)
            let server = try ServedSLP(slp)
            let (a, b) = try APIPerson.matched(slp, server.client, block: 5600, 0)
            let c = try APIPerson.register(slp, server.client, block: 5600, 2)
            let sockets = [try connectedSocket(server, a), try connectedSocket(server, b)]
            // Each hears a chat first, and with it whatever was committed for it before.
            for (from, to, socket) in [(b, a, sockets[0]), (a, b, sockets[1])] {
                let sent = try from.send(server.client, to: to, "before")
                XCTAssertEqual(nextChat(socket)?.contains("\"_id\":\"\(sent["_id"] ?? "")\""), true)
            }
            let stall = try DatabaseStall(backend, database)
            let stalled = Date()
            let latecomer = try SocketIOTestClient(port: server.port, token: c.token, transports: "websocket", announcing: c.uid)
            var slowest = 0.0, rounds = 0
            while Date().timeIntervalSince(stalled) < Self.stall {
                rounds += 1
                for (index, socket) in sockets.enumerated() {
                    let payload = "\(rounds)-\(index)"
                    let pong = answerTime(socket, (0xA, payload)) { socket.sendFrame(payload, opcode: 0x9) }
                    let ack = answerTime(socket, (0x1, "43\(rounds)[false]")) { socket.sendFrame("42\(rounds)[\"changesocketid\",\"someone\"]") }
                    guard let pong, let ack else { return XCTFail("round \(rounds): the socket ended") }
                    slowest = max(slowest, pong, ack)
                }
            }
            XCTAssertLessThan(slowest, Self.answerBound, "the slowest answer in \(rounds) rounds while the store was stalled")
            XCTAssertEqual(latecomer.count("connected"), 0, "a new socket's token is checked by reading the store: it waits")
            stall.end()
            XCTAssertTrue(latecomer.waitUntil { $0.count("connected") == 1 }, "\(latecomer.reports) \(latecomer.standardError)")
            let sent = try a.send(server.client, to: b, "after%20the%20stall")
            let chat = nextChat(sockets[1])
            XCTAssertEqual(chat?.contains("\"_id\":\"\(sent["_id"] ?? "")\""), true, chat ?? "nothing")
            latecomer.close()
            XCTAssertEqual(server.stop(), 0)
        }
    }
}
