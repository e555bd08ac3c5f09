import Foundation
import XCTest

/// HTTPS served by `slp serve --tls-cert --tls-key` itself (lighttpd's mod_openssl), to clients
/// nobody here wrote (curl, Python's ssl module, python-socketio over wss) that trust only a CA
/// the test makes with `openssl`: TLS 1.2 and 1.3 answered, 1.1 refused, HTTP/2 offered, the
/// apps' Socket.IO over wss, and a renewed certificate (files renamed into place, as ACME clients
/// do) reaching new connections without dropping open ones; wrong files refused before serving.
final class APITLSCLITests: XCTestCase {
    /// How long a renewal may take to reach a new connection: serve looks at the files about
    /// once a second and reloads once they have stayed unchanged for a look (about 2 s, and
    /// lighttpd's restart); this is more than five times that.
    static let renewalBound = 30.0

    private struct Person {
        let token: String
        let uid: String
    }

    /// Registers the person numbered `index` over TLS `tls`, HTTP/2 when `http2` (the version
    /// curl says it used checked too).
    private func register(_ slp: SLPBinary, _ client: TLSTestClient, _ index: Int, tls: String, http2: Bool) throws -> Person {
        let phone = String(format: "010-5151-%04d", index)
        let token = try slp.run("token", "--phone", phone).stdout.trimmingCharacters(in: .newlines)
        let answer = try client.request(
            "POST", "/v1/user", token: token,
            form: "birth=1995-01-01&email=t\(index)%40example.com&gender=\(index % 2)&nick=t\(index)&phoneNumber=\(phone)", tls: tls, http2: http2)
        XCTAssertEqual(answer.status, 200, answer.body)
        XCTAssertEqual(answer.httpVersion, http2 ? "2" : "1.1")
        let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
        return Person(token: token, uid: try XCTUnwrap(object?["uid"] as? String, answer.body))
    }

    func testHTTPSAnswersTLS12And13OverHTTP2AndWSSAndARenewalReachesNewConnectionsKeepingOpenOnes() {
        TestBackend.each(self) { backend, database, _ in
            let authority = try TLSTestAuthority()
            let first = try authority.issue(serial: 1001), renewed = try authority.issue(serial: 1002)
            try authority.install(first.certificate, as: authority.certificatePath)
            try authority.install(first.key, as: authority.keyPath)
            let slp = SLPBinary(database: database)
            let server = try ServedSLP(slp, options: ["--tls-cert", authority.certificatePath, "--tls-key", authority.keyPath])
            XCTAssertTrue(server.process.stderr.contains("slp serve: https://127.0.0.1:\(server.port)/v1 on "), server.process.stderr)
            let client = TLSTestClient(port: server.port, caPath: authority.caPath)

            // Two people matched: one over TLS 1.2 and HTTP/1.1, the other over TLS 1.3 and HTTP/2.
            let a = try register(slp, client, 1, tls: "1.2", http2: false)
            let b = try register(slp, client, 2, tls: "1.3", http2: true)
            for person in [a, b] {
                XCTAssertEqual(try client.request("POST", "/v1/queue", token: person.token, form: "lat=37.5665&long=126.978&studylist=anything", tls: "1.3", http2: true).status, 200)
            }
            XCTAssertEqual(try client.request("POST", "/v1/queue/studyrequest", token: a.token, form: "otheruid=\(b.uid)", tls: "1.2", http2: true).status, 200)
            XCTAssertEqual(try client.request("POST", "/v1/queue/studyaccept", token: b.token, form: "otheruid=\(a.uid)", tls: "1.3", http2: false).status, 200)
            if backend == .sqlite {
                // The handshake alone does not depend on the store.
                let old = try client.handshake("TLSv1_1")
                XCTAssertNotNil(old["refused"], "TLS 1.1 accepted: \(old)")
            }
            // b's phone, as the apps connect: Socket.IO on WebSocket alone, over wss.
            let phone = try SocketIOTestClient(port: server.port, token: b.token, transports: "websocket", announcing: b.uid, trusting: authority.caPath)
            defer { phone.close() }
            XCTAssertTrue(phone.waitUntil { $0.count("ack") == 1 }, "\(phone.reports) \(phone.standardError)")
            XCTAssertEqual(phone.reports.first { $0["kind"] as? String == "ack" }?["data"] as? [Bool], [true])
            XCTAssertEqual(try client.handshake()["serial"], TLSTestAuthority.hex(1001))

            // The renewal, one file after the other. On SQLite only (it does not depend on the
            // store) with a pause between: a certificate without its key is reported, not served.
            try authority.install(renewed.certificate, as: authority.certificatePath)
            if backend == .sqlite {
                XCTAssertTrue(
                    server.process.waitUntil(Self.renewalBound) { $0.stderr.contains("the TLS files changed, but --tls-key: the private key does not match the certificate") },
                    server.process.stderr)
                XCTAssertEqual(try client.handshake()["serial"], TLSTestAuthority.hex(1001))
            }
            try authority.install(renewed.key, as: authority.keyPath)
            XCTAssertTrue(Polling.until(Self.renewalBound, every: 0.2) { (try? client.handshake()["serial"]) == TLSTestAuthority.hex(1002) }, server.process.stderr)

            if backend == .sqlite {
                // Left to its default (server.graceful-shutdown-timeout, 8 s), lighttpd would cut the
                // connections of the generation before the reload 8 s after it: that generation,
                // holding the socket, is still there 10 s on (a lower bound, which a slow machine
                // meets as well). On SQLite only: lighttpd's processes do not depend on the store.
                let lighttpds = { ServeProcesses.lighttpds(of: server.process.pid) }
                XCTAssertEqual(lighttpds().count, 2, "the generation before the reload holds the socket")
                XCTAssertFalse(Polling.until(10, every: 0.5) { lighttpds().count < 2 }, "the generation before the reload ended, with the socket")
            }
            // The socket opened before the renewal is still the same one, and still delivers.
            let sent = try client.request("POST", "/v1/chat/\(b.uid)", token: a.token, form: "chat=renewed", tls: "1.3", http2: true)
            XCTAssertEqual(sent.status, 200, sent.body)
            XCTAssertTrue(phone.waitUntil { $0.events("chat").count == 1 }, "\(phone.reports)")
            XCTAssertEqual(phone.events("chat").first?["chat"], "renewed")
            XCTAssertEqual(phone.count("connected"), 1, "no reconnect: \(phone.reports)")
            phone.close()
            XCTAssertEqual(server.stop(), 0, server.process.stderr)
        }
    }

    /// Both options or neither (64, naming the missing one); files that cannot be served are one
    /// line naming the option and the fault (78), before anything is served, never the key.
    func testTLSFilesAreCheckedBeforeServingAndTheKeyIsNeverShown() {
        TestBackend.each(self) { backend, database, directory in
            // The files are read before the store is: nothing here depends on it.
            guard backend == .sqlite else { return }
            let authority = try TLSTestAuthority()
            let pair = try authority.issue(serial: 7), other = try authority.issue(serial: 8)
            let garbage = directory.path("garbage.pem")
            try Data("not a certificate at all\n".utf8).write(to: URL(fileURLWithPath: garbage))
            let slp = SLPBinary(database: database, extra: ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"])
            let cases: [([String], Int32, String)] = [
                (["--tls-cert", pair.certificate], 64, "Error: missing --tls-key"),
                (["--tls-key", pair.key], 64, "Error: missing --tls-cert"),
                (["--tls-cert", directory.path("absent.pem"), "--tls-key", pair.key], 78,
                 "Error: --tls-cert: the certificate file cannot be read (No such file or directory)"),
                (["--tls-cert", pair.certificate, "--tls-key", directory.path("")], 78, "Error: --tls-key: the key file cannot be read (Is a directory)"),
                (["--tls-cert", garbage, "--tls-key", pair.key], 78, "Error: --tls-cert: the certificate file holds no PEM certificate"),
                (["--tls-cert", pair.certificate, "--tls-key", garbage], 78, "Error: --tls-key: the key file holds no unencrypted PEM private key"),
                (["--tls-cert", pair.certificate, "--tls-key", other.key], 78, "Error: --tls-key: the private key does not match the certificate"),
            ]
            let secrets = try [pair.key, other.key].flatMap { try String(contentsOfFile: $0, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("-----") } }
            for (options, status, expected) in cases {
                let result = try slp.run(["serve", "--port", String(try HTTPTestClient.freePort())] + options, timeout: 30)
                XCTAssertEqual(result.status, status, "\(options): \(result.stderr)")
                XCTAssertTrue(result.stderr.hasPrefix(expected), "\(options): \(result.stderr)")
                XCTAssertEqual(result.errorLines.count, 1, result.stderr)
                for secret in secrets + ["not a certificate"] { XCTAssertFalse(result.stderr.contains(secret), "\(options): \(result.stderr)") }
            }
        }
    }
}
