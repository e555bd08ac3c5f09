import Foundation
import XCTest

/// `slp` as the SCGI worker `slp serve` has lighttpd start (a listening socket as its standard
/// input): one process answers request after request, each caller as themselves, and a request
/// that is not SCGI, is cut off or is too large gets its one answer without ending the worker.
final class SCGIWorkerCLITests: XCTestCase {
    private func scgi(_ method: String, _ path: String, token: String?, body: String = "") -> [UInt8] {
        SCGITestWorker.request(method, path, token: token, body: body)
    }

    private func status(_ answer: String) -> String { SCGITestWorker.status(answer) }

    func testOneWorkerAnswersRequestAfterRequestWhateverCameBetween() throws {
        let directory = try TemporaryDirectory()
        let slp = SLPBinary(database: directory.path("slp.sqlite"))
        var tokens: [String] = [], uids: [String] = []
        for index in 1...2 {
            let uid = try slp.run("register", "--phone", "010-5400-000\(index)", "--nick", "worker\(index)", "--birth", "1990-01-01", "--email", "w\(index)@example.com", "--gender", "1")
            XCTAssertEqual(uid.status, 0, uid.stderr)
            uids.append(uid.stdout.trimmingCharacters(in: .newlines))
            tokens.append(try slp.run("--as", uids[index - 1], "token").stdout.trimmingCharacters(in: .newlines))
        }
        let worker = try SCGITestWorker(slp, in: directory)

        // Callers take turns on the one process: each is answered as themselves.
        for turn in 0..<6 {
            let answer = try worker.exchange(scgi("GET", "/v1/user", token: tokens[turn % 2]))
            XCTAssertEqual(status(answer), "Status: 200 OK", answer)
            XCTAssertTrue(answer.contains("\"uid\":\"\(uids[turn % 2])\""), answer)
        }
        XCTAssertEqual(status(try worker.exchange(scgi("GET", "/v1/user", token: nil))), "Status: 401 Unauthorized", "no token, though the last caller had one")

        let valid = scgi("PUT", "/v1/user/update_fcm_token", token: tokens[0], body: "FCMtoken=abc")
        let cases: [(request: [UInt8], answer: String, why: String)] = [
            ([], "Status: 501 Not Implemented", "nothing sent"),
            (Array("GET /v1/user HTTP/1.1\r\n\r\n".utf8), "Status: 501 Not Implemented", "HTTP instead of SCGI"),
            (Array("99999999:".utf8), "Status: 501 Not Implemented", "a head longer than allowed"),
            (Array(valid.prefix(20)), "Status: 501 Not Implemented", "cut off in its head"),
            (Array(valid.dropLast(4)), "Status: 501 Not Implemented", "a body shorter than its Content-Length"),
            (scgi("PUT", "/v1/user/update_fcm_token", token: tokens[0], body: "FCMtoken=" + String(repeating: "x", count: 70_000)),
             "Status: 501 Not Implemented", "a body over 64 KiB"),
            (scgi("GET", "/v1/nowhere", token: tokens[0]), "Status: 404 Not Found", "a path the API does not have"),
            (valid, "Status: 200 OK", "whole"),
        ]
        for (request, expected, why) in cases {
            XCTAssertEqual(status(try worker.exchange(request)), expected, why)
        }
        XCTAssertTrue(worker.process.isRunning, worker.process.stderr)
        let answer = try worker.exchange(scgi("GET", "/v1/user", token: tokens[0]))
        XCTAssertTrue(answer.contains("\"FCMtoken\":\"abc\""), answer)
        XCTAssertEqual(worker.process.stderr, "")
    }
}
