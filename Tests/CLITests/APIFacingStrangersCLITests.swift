import Foundation
import XCTest

/// What lighttpd does for strangers before slp sees them (SPEC §6, "Facing strangers"): its own
/// refusals carry slp's JSON error object, and one address cannot take the server down: slow
/// connections are dropped, and an address holding too many connections is refused while
/// another is answered. (Headers sent a byte within every read timeout are bounded only by the
/// firewall rule of docs/DEPLOY.md: `APISlowHeadersFirewallCLITests`.) On every backend.
final class APIFacingStrangersCLITests: XCTestCase {
    func testLighttpdsOwnRefusalsAreSlpsJSONErrorObject() {
        TestBackend.each(self) { _, database, _ in
            let server = try ServedSLP(SLPBinary(database: database))
            let http = server.client
            let host = "Host: 127.0.0.1:\(server.port)\r\nConnection: close\r\n"
            let cases: [(request: String, status: Int, code: String)] = [
                ("GET /v1/user%00 HTTP/1.1\r\n\(host)\r\n", 400, "bad_request"),
                ("POST /v1/user HTTP/1.1\r\n\(host)Content-Length: 3\r\nContent-Length: 4\r\n\r\nabc", 400, "bad_request"),
                ("POST /v1/user/withdraw HTTP/1.1\r\n\(host)\r\n", 411, "length_required"),
                ("POST /v1/user HTTP/1.1\r\n\(host)Content-Length: 200000\r\n\r\n", 413, "request_too_large"),
                ("GET /v1/user HTTP/1.1\r\n\(host)X-Long: \(String(repeating: "a", count: 9_000))\r\n\r\n", 431, "headers_too_large"),
                // lighttpd reads heads to 16 KiB: past that, whatever is long, it is its own 431.
                ("GET /v1/user HTTP/1.1\r\n\(host)X-Long: \(String(repeating: "a", count: 20_000))\r\n\r\n", 431, "headers_too_large"),
                ("GET /v1/user?q=\(String(repeating: "a", count: 9_000)) HTTP/1.1\r\n\(host)\r\n", 414, "uri_too_long"),
                ("GET /v1/\(String(repeating: "a", count: 15_000)) HTTP/1.1\r\n\(host)\r\n", 414, "uri_too_long"),
                ("FOO /v1/user HTTP/1.1\r\n\(host)\r\n", 501, "not_implemented"),
            ]
            for (request, status, code) in cases {
                let answer = try http.raw(request)
                let context = "\(request.prefix(40)): \(answer.text)"
                XCTAssertEqual(answer.status, status, context)
                XCTAssertEqual(answer.header("Content-Type"), "application/json; charset=utf-8", context)
                let object = try JSONSerialization.jsonObject(with: answer.body) as? [String: [String: Any]]
                XCTAssertEqual(object?["error"]?["code"] as? String, code, context)
                XCTAssertEqual(object?["error"]?["status"] as? Int, status, context)
            }
            // A POST with an empty body, said with Content-Length: 0, is an empty form: slp answers it.
            let empty = try http.send("POST", "/v1/user/withdraw", body: Data())
            XCTAssertEqual(empty.status, 401, empty.text)
            XCTAssertEqual(server.stop(), 0)
        }
    }

    /// 127.0.0.1 attacks, 127.0.0.2 is answered: 1,400 connections that send a header line
    /// every 10 s are dropped once they fall silent for longer than lighttpd waits; an address
    /// holding more than its share is refused (429) while another is answered. lighttpd alone
    /// holds, drops and refuses them, and no request here reads the store: SQLite only.
    func testOneAddressCannotTakeTheServerDown() {
        TestBackend.each(self) { backend, database, _ in
            guard backend == .sqlite else { return }
            let server = try ServedSLP(SLPBinary(database: database))
            var attacker = server.client, other = server.client
            attacker.patience = 10
            other.source = "127.0.0.2"
            let head = "GET /v1/user HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"
            var slow: [Int32] = []
            defer { for socket in slow { close(socket) } }
            for _ in 0..<1_400 {
                let socket = try attacker.connect()
                slow.append(socket)
                XCTAssertEqual(send(socket, head, head.utf8.count, Int32(MSG_NOSIGNAL)), head.utf8.count)
            }
            // Another address is answered meanwhile, and so is this one, holding less than its share.
            for _ in 0..<10 { XCTAssertEqual(try other.get("/v1/user", token: nil).status, 401) }
            // Silent longer than lighttpd waits for the rest of a request: every one is dropped
            // (lighttpd closes it: the read sees the end), before the next header line was due.
            let started = Date()
            for socket in slow {
                var byte: UInt8 = 0
                XCTAssertEqual(recv(socket, &byte, 1, 0), 0, "dropped by the server")
            }
            XCTAssertLessThan(Date().timeIntervalSince(started), 10 * 5, "dropped well before the 10-second lines, on a slow machine too")
            for socket in slow { close(socket) }
            slow = []

            // More connections held from one address than it may hold: its next request is
            // refused; the other address is answered.
            for _ in 0..<300 {
                let socket = try attacker.connect()
                slow.append(socket)
                XCTAssertEqual(send(socket, head, head.utf8.count, Int32(MSG_NOSIGNAL)), head.utf8.count)
            }
            let refused = try attacker.get("/v1/user", token: nil)
            XCTAssertEqual(refused.status, 429, refused.text)
            XCTAssertEqual(refused.text, #"{"error":{"code":"too_many_connections","status":429,"message":"too many connections from one address; close some and try again"}}"# + "\n")
            XCTAssertEqual(try other.get("/v1/user", token: nil).status, 401)
            // Gone first: a stop lets connections under way finish, slow headers for up to 10 s.
            for socket in slow { close(socket) }
            slow = []
            XCTAssertEqual(server.stop(), 0)
        }
    }
}
