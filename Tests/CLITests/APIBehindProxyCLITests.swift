import Foundation
import SLPTestSupport
import XCTest

/// `slp serve` behind a real reverse proxy (nginx, `ReverseProxy`) and its compressed answers
/// (SPEC §7): `--trusted-proxy` makes the per-address connection limit count each client the
/// proxy forwards, never the proxy; anyone else's `X-Forwarded-For` is ignored; JSON answers of
/// 1 KB or more go out gzip or br to clients that take it, plain to others.
final class APIBehindProxyCLITests: XCTestCase {
    /// The address the proxy connects from; no test client uses it.
    private static let proxyAddress = "127.0.0.9"
    private static let socketTarget = "/socket.io/?EIO=4&transport=websocket"

    /// Two clients behind one trusted proxy, at most 8 connections each: the one holding 8
    /// sockets is refused its ninth, the other is answered; a forwarded address a client adds
    /// itself is not believed; the proxy's own connections are never limited. On every backend.
    func testTheLimitCountsEachClientBehindATrustedProxy() {
        TestBackend.each(self) { _, database, _ in
            let slp = SLPBinary(database: database)
            let server = try ServedSLP(slp, options: ["--trusted-proxy", Self.proxyAddress, "--connections-per-address", "8"])
            let proxy = try ReverseProxy(upstreams: [server.port], from: Self.proxyAddress)
            let full = proxy.client(from: "127.0.0.2"), other = proxy.client(from: "127.0.0.3")
            let person = try APIPerson.register(slp, other, block: 5710, 0)
            let sockets = try (0..<8).map { _ in WebSocketTestClient(descriptor: try full.connect()) }
            for socket in sockets { XCTAssertEqual(socket.upgrade(Self.socketTarget, token: person.token), 101) }
            // Counted within a second of opening: each check waits for the status it expects.
            XCTAssertTrue(Polling.until { (try? full.get("/v1/user", token: nil).status) == 429 }, "its ninth connection")
            XCTAssertEqual(try other.get("/v1/user", token: nil).status, 401, "the other client is answered")
            // nginx appends the sender's address to the one it claims: the last untrusted one counts.
            XCTAssertEqual(try other.send("GET", "/v1/user", headers: [("X-Forwarded-For", "127.0.0.2")]).status, 401)
            XCTAssertEqual(try full.send("GET", "/v1/user", headers: [("X-Forwarded-For", "127.0.0.3")]).status, 429)

            // The proxy's own connections (its kept-alive ones, a health check of its own) are no client's.
            var direct = server.client
            direct.source = Self.proxyAddress
            let held = try SlowHeaders(count: 9, port: server.port, from: Self.proxyAddress)
            defer { held.close() }
            XCTAssertTrue(held.waitUntil { $0.count(.open) == 9 })
            Self.waitForTheNextSecond()
            XCTAssertEqual(try direct.get("/v1/user", token: nil).status, 401)

            // Closed sockets leave the count.
            for socket in sockets { socket.reset() }
            XCTAssertTrue(Polling.until { (try? full.get("/v1/user", token: nil).status) == 401 }, "counted again once closed")
            // Gone first: a stop lets connections under way finish, slow headers for up to 10 s.
            held.close()
            proxy.stop()
            XCTAssertEqual(server.stop(), 0)
        }
    }

    /// Until the clock's next whole second (and a little): lighttpd counts every connection
    /// again at the first request of a second, so a request after it is judged on a count that
    /// holds every connection opened before. (A refusal is waited for instead; this is for
    /// showing that none comes.)
    private static func waitForTheNextSecond() {
        let now = Date().timeIntervalSince1970
        usleep(useconds_t(((now.rounded(.down) + 1 - now) + 0.05) * 1e6))
    }

    /// A sender that is not a trusted proxy has its `X-Forwarded-For` ignored: it cannot spend
    /// another address's connections, nor leave its own behind. lighttpd's configuration alone
    /// decides this, so it runs on SQLite only.
    func testAnUntrustedSendersForwardedAddressIsIgnored() {
        TestBackend.each(self) { backend, database, _ in
            guard backend == .sqlite else { return }
            let slp = SLPBinary(database: database)
            let server = try ServedSLP(slp, options: ["--trusted-proxy", Self.proxyAddress, "--connections-per-address", "8"])
            var full = server.client, stranger = server.client
            full.source = "127.0.0.4"
            stranger.source = "127.0.0.5"
            let held = try SlowHeaders(count: 8, port: server.port, from: full.source)
            defer { held.close() }
            XCTAssertTrue(held.waitUntil { $0.count(.open) == 8 })
            XCTAssertTrue(Polling.until { (try? full.get("/v1/user", token: nil).status) == 429 }, "its ninth connection")
            XCTAssertEqual(try full.send("GET", "/v1/user", headers: [("X-Forwarded-For", "127.0.0.6")]).status, 429, "it stays itself")
            XCTAssertEqual(try stranger.send("GET", "/v1/user", headers: [("X-Forwarded-For", full.source)]).status, 401, "not charged to 127.0.0.4")
            held.close()  // gone first, as above
            XCTAssertEqual(server.stop(), 0)
        }
    }

    /// 300 clients behind one trusted proxy, each holding a socket, all answered under the
    /// default limit of 256 per address (without the trust, the proxy's address alone holds 300
    /// and they are refused). The proxy's handling does not depend on the backend: SQLite only.
    func testThreeHundredClientsBehindOneProxyAreAllAnswered() {
        TestBackend.each(self) { backend, database, _ in
            guard backend == .sqlite else { return }
            let slp = SLPBinary(database: database)
            let server = try ServedSLP(slp, options: ["--trusted-proxy", Self.proxyAddress])
            let proxy = try ReverseProxy(upstreams: [server.port], from: Self.proxyAddress)
            // The hub keeps 8 sessions a user (a ninth closes the oldest): 38 people's sockets.
            let people = try (0..<38).map { try APIPerson.register(slp, proxy.client(), block: 5711, $0) }
            let clients = (0..<300).map { proxy.client(from: "127.0.\(1 + $0 / 200).\(20 + $0 % 200)") }
            let sockets = try clients.map { WebSocketTestClient(descriptor: try $0.connect()) }
            let upgraded = sockets.indices.filter { sockets[$0].upgrade(Self.socketTarget, token: people[$0 % people.count].token) == 101 }.count
            XCTAssertEqual(upgraded, 300)
            let answered = try clients.filter { try $0.get("/v1/user", token: nil).status == 401 }.count
            XCTAssertEqual(answered, 300, "every client answered while 300 sockets are held")
            for socket in sockets { socket.reset() }
            proxy.stop()
            XCTAssertEqual(server.stop(), 0)
        }
    }

    /// A search answer well over 1 KB comes gzip or br to a client that takes it, and decodes
    /// (by the `gzip` and `brotli` programs) to the very JSON a client that takes neither gets
    /// plain; an answer under 1 KB stays plain. lighttpd compresses whatever slp answered:
    /// SQLite only.
    func testLargeAnswersAreCompressedForClientsThatTakeIt() {
        TestBackend.each(self) { backend, database, _ in
            guard backend == .sqlite else { return }
            let slp = SLPBinary(database: database)
            XCTAssertEqual(try slp.run("seed", "--users", "100", "--spread-km", "0.5").status, 0)
            let server = try ServedSLP(slp)
            let person = try APIPerson.register(slp, server.client, block: 5712, 0)
            let search = { (encodings: String?) in
                var headers = [("idtoken", person.token), ("Content-Type", "application/x-www-form-urlencoded")]
                if let encodings { headers.append(("Accept-Encoding", encodings)) }
                return try server.client.send("POST", "/v1/queue/search", headers: headers, body: Data("lat=37.5665&long=126.978".utf8))
            }
            let plain = try search(nil)
            XCTAssertEqual(plain.status, 200)
            XCTAssertNil(plain.header("Content-Encoding"))
            XCTAssertGreaterThan(plain.body.count, 4_096, "a search answer well over 1 KB")
            let json = try JSONSerialization.jsonObject(with: plain.body) as? NSDictionary
            XCTAssertNotNil(json)
            XCTAssertNil(try search("identity").header("Content-Encoding"))
            for (encoding, decoder) in [("gzip", ["/usr/bin/gzip", "-dc"]), ("br", ["/usr/bin/brotli", "-dc"])] {
                // The apps' Alamofire sends all three, best first; each encoding alone too.
                for accepted in [encoding, encoding == "br" ? "br, gzip, deflate" : "gzip, deflate"] {
                    let answer = try search(accepted)
                    XCTAssertEqual(answer.status, 200)
                    XCTAssertEqual(answer.header("Content-Encoding"), encoding, accepted)
                    XCTAssertEqual(answer.header("Vary"), "Accept-Encoding")
                    XCTAssertLessThan(answer.body.count, plain.body.count / 3, accepted)
                    guard FileManager.default.isExecutableFile(atPath: decoder[0]) else { throw MissingTool(name: decoder[0]) }
                    let decoded = try TimedProcess.run(decoder, environment: [:], stdin: answer.body)
                    XCTAssertEqual(decoded.status, 0, accepted)
                    XCTAssertEqual(try JSONSerialization.jsonObject(with: decoded.stdout) as? NSDictionary, json, accepted)
                }
            }
            let small = try server.client.send("GET", "/v1/user", headers: [("idtoken", person.token), ("Accept-Encoding", "br, gzip, deflate")])
            XCTAssertEqual(small.status, 200)
            XCTAssertLessThan(small.body.count, 1_024)
            XCTAssertNil(small.header("Content-Encoding"), "under 1 KB: plain")
            XCTAssertNotNil(try JSONSerialization.jsonObject(with: small.body) as? [String: Any])
            XCTAssertEqual(server.stop(), 0)
        }
    }

    /// Bad values of the new options: one line naming the option, exit 64, nothing served. No
    /// store is read: SQLite only.
    func testBadProxyAndLimitValuesAreUsageErrors() {
        TestBackend.each(self) { backend, database, _ in
            guard backend == .sqlite else { return }
            let slp = SLPBinary(database: database)
            let port = String(try HTTPTestClient.freePort())
            let bad = [
                ["--trusted-proxy", "300.1.1.1"], ["--trusted-proxy", "10.0.0.0/33"], ["--trusted-proxy", "::1/0"],
                ["--trusted-proxy", "proxy.example.com"], ["--trusted-proxy", "10.0.0.0/"], ["--trusted-proxy", ""],
                ["--connections-per-address", "0"], ["--connections-per-address", "65536"], ["--connections-per-address", "many"],
            ]
            for arguments in bad {
                let result = try slp.run(["serve", "--port", port] + arguments)
                XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
                XCTAssertEqual(result.errorLines.count, 1, "\(arguments): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains(arguments[0]), "\(arguments): \(result.stderr)")
            }
        }
    }
}
