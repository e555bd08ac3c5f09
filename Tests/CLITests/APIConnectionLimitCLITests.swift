import Foundation
import SLPTestSupport
import XCTest

/// The per-address connection limit of `slp serve` (SPEC §6): lighttpd's script keeps its count
/// between requests and counts every connection again once a second, so an address is refused
/// past 256 connections and answered again once they end, whichever way they end (a missed end
/// would lock the address out for good). 127.0.0.3 holds 255 connections with slow headers
/// throughout, and 127.0.0.4 another 240, so that more than 256 are open in all and the script
/// always counts. A request from 127.0.0.3 is then answered exactly when nothing else of it is
/// counted; each way adds one connection (256: the next request is refused) and ends it.
/// lighttpd's script alone counts, whatever the store: SQLite only.
final class APIConnectionLimitCLITests: XCTestCase {
    func testAnAddressIsCountedAgainOnceItsConnectionsEndInAnyWay() {
        TestBackend.each(self) { backend, database, _ in
            guard backend == .sqlite else { return }
            let slp = SLPBinary(database: database)
            let server = try ServedSLP(slp)
            let person = try APIPerson.register(slp, server.client, block: 5600, 0)
            var address = server.client, other = server.client
            address.source = "127.0.0.3"
            other.source = "127.0.0.4"
            let held = try SlowHeaders(count: 255, port: server.port, from: address.source)
            let others = try SlowHeaders(count: 240, port: server.port, from: other.source)
            defer { held.close(); others.close() }
            XCTAssertTrue(held.waitUntil { $0.count(.open) == 255 } && others.waitUntil { $0.count(.open) == 240 })
            // Counted within a second of opening or ending: each check waits for the status it expects.
            let answers = { (status: Int) in
                Polling.until { (try? address.get("/v1/user", token: nil).status) == status }
            }
            XCTAssertTrue(answers(401), "255 held and this one: the limit")
            // One connection per request, one after another (as the apps send them), more in a
            // second than the limit: each leaves the count as its answer starts, so none is refused.
            for _ in 0..<60 { XCTAssertEqual(try other.get("/v1/user", token: nil).status, 401) }

            // Closed by the client in the middle of a request (its headers in, its body not).
            var connection: WebSocketTestClient? = WebSocketTestClient(descriptor: try address.connect())
            connection?.send("POST /v1/user HTTP/1.1\r\nHost: slp\r\nContent-Length: 1000\r\n\r\nphone")
            XCTAssertTrue(answers(429), "mid-request: 256 held and this one")
            connection = nil
            XCTAssertTrue(answers(401), "mid-request: counted again once closed")

            // Kept alive after an answer until lighttpd's keep-alive timeout closes it.
            connection = WebSocketTestClient(descriptor: try address.connect())
            connection?.send("GET /v1/user HTTP/1.1\r\nHost: slp\r\n\r\n")
            XCTAssertEqual(connection?.readResponse().hasPrefix("HTTP/1.1 401"), true)
            XCTAssertTrue(answers(429), "kept alive: 256 held and this one")
            XCTAssertEqual(connection?.readToEnd(), [], "closed by lighttpd")
            connection = nil
            XCTAssertTrue(answers(401), "kept alive: counted again once lighttpd closed it")

            // A WebSocket, upgraded and passed to the hub, closed by its client.
            connection = WebSocketTestClient(descriptor: try address.connect())
            XCTAssertEqual(connection?.upgrade("/socket.io/?EIO=4&transport=websocket", token: person.token), 101)
            // Still counted once upgraded: the next socket is refused at once.
            let second = WebSocketTestClient(descriptor: try address.connect())
            XCTAssertEqual(second.upgrade("/socket.io/?EIO=4&transport=websocket", token: person.token), 429)
            XCTAssertTrue(answers(429), "WebSocket: 256 held and this one")
            connection = nil
            XCTAssertTrue(answers(401), "WebSocket: counted again once closed")

            // A long poll the hub ends: a user's ninth waiting connection answers their oldest.
            let poll = "GET /v1/events?since=0&wait=60 HTTP/1.1\r\nHost: slp\r\nidtoken: \(person.token)\r\nConnection: close\r\n\r\n"
            connection = WebSocketTestClient(descriptor: try address.connect())
            connection?.send(poll)
            XCTAssertTrue(answers(429), "long poll: 256 held and this one")
            let newer = try (0..<8).map { _ in WebSocketTestClient(descriptor: try other.connect()) }
            for waiting in newer { waiting.send(poll) }
            XCTAssertEqual(connection?.readResponse().contains(#"{"error":{"code":"too_many_polls","status":409,"#), true, "answered by the hub")
            connection = nil
            XCTAssertTrue(answers(401), "long poll: counted again once answered")
            // Gone first: a stop lets connections under way finish, slow headers for up to 10 s.
            held.close()
            others.close()
            XCTAssertEqual(server.stop(), 0)
        }
    }
}
