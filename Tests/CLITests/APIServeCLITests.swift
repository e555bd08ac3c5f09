import Foundation
import XCTest

/// `slp serve` as a process: ready when it says so, one access line per request (never a
/// token, a body or a query), stopped cleanly by SIGTERM with nothing left behind, and one
/// clear line for a missing lighttpd (69) or a taken port (74).
final class APIServeCLITests: XCTestCase {
    func testServeLogsEachRequestWithoutSecretsAndStopsCleanly() throws {
        let directory = try TemporaryDirectory()
        let scratch = directory.path("tmp")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let slp = SLPBinary(database: directory.path("slp.sqlite"), extra: ["TMPDIR": scratch])
        let token = try slp.run("token", "--phone", "010-5200-0001").stdout.trimmingCharacters(in: .newlines)
        let server = try ServedSLP(slp)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch).count, 1, "its private directory")
        let http = server.client
        XCTAssertEqual(try http.form(
            "POST", "/v1/user", token: token, "birth=1994-01-01&email=secret%40example.com&gender=1&nick=secretnick&phoneNumber=%2B821052000001").status, 200)
        XCTAssertEqual(try http.get("/v1/chat/abc?lastchatDate=2000-01-01T00:00:00.000Z&q=querysecret", token: token).status, 409)
        XCTAssertEqual(try http.get("/v1/user?=", token: "forged.token.value").status, 401)
        // A file that is not there is answered by lighttpd's 404 handler: logged as asked for.
        XCTAssertEqual(try http.get("/vendor/leaflet/nothing.js?q=querysecret", token: nil).status, 404)
        // Each request is logged once it is answered: wait for the four lines, not a guessed time.
        XCTAssertTrue(server.process.waitUntil { $0.stderr.components(separatedBy: " ms\n").count > 4 }, server.process.stderr)
        XCTAssertEqual(server.stop(), 0)
        let log = server.process.stderr
        let lines = log.split(separator: "\n").filter { $0.hasSuffix(" ms") }
        XCTAssertEqual(lines.count, 4, log)
        XCTAssertTrue(lines[0].hasPrefix("POST /v1/user 200 "), log)
        XCTAssertTrue(lines[1].hasPrefix("GET /v1/chat/abc 409 "), log)
        XCTAssertTrue(lines[2].hasPrefix("GET /v1/user 401 "), log)
        XCTAssertTrue(lines[3].hasPrefix("GET /vendor/leaflet/nothing.js 404 "), log)
        for secret in [token, "secretnick", "secret%40example.com", "querysecret", "lastchatDate", "forged.token.value"] {
            XCTAssertFalse(log.contains(secret), "the log shows \(secret)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch), [], "the private directory is gone")
        XCTAssertEqual(try HTTPTestClient.freePort() > 0, true)
        XCTAssertThrowsError(try http.get("/v1/user", token: token), "lighttpd stopped with it")
    }

    /// lighttpd has a process group of its own (Ctrl-C reaches slp only); an `slp serve` killed
    /// outright (SIGKILL: no handler runs) must still not leave it holding the port, nor leave
    /// the workers and the health answerer (in lighttpd's group) or its private directory behind.
    func testServeKilledOutrightTakesLighttpdAlong() throws {
        let directory = try TemporaryDirectory()
        let scratch = directory.path("tmp")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let server = try ServedSLP(SLPBinary(database: directory.path("slp.sqlite"), extra: ["TMPDIR": scratch]))
        XCTAssertEqual(try server.client.get("/v1/user", token: nil).status, 401, "lighttpd answers")
        _ = server.process.kill9()
        let gone = server.process.waitUntil { _ in
            (try? server.client.get("/v1/user", token: nil)) == nil
                && (try? FileManager.default.contentsOfDirectory(atPath: scratch)) == []
                && ServeProcesses.workers(under: scratch).isEmpty && ServeProcesses.healthAnswerer(under: scratch) == nil
        }
        XCTAssertTrue(
            gone,
            "lighttpd still answers, or left: \((try? FileManager.default.contentsOfDirectory(atPath: scratch)) ?? []), \(ServeProcesses.workers(under: scratch))")
    }

    /// A directory whose `tmp` is serve's `TMPDIR`, slp on a file in it, and one registered
    /// person with `phone`: their uid and token.
    private func registeredOne(_ phone: String) throws -> (TemporaryDirectory, String, SLPBinary, String, String) {
        let directory = try TemporaryDirectory()
        let scratch = directory.path("tmp")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let slp = SLPBinary(database: directory.path("slp.sqlite"), extra: ["TMPDIR": scratch])
        let uid = try slp.run("register", "--phone", phone, "--nick", "served", "--birth", "1990-01-01", "--email", "s@example.com", "--gender", "1")
            .stdout.trimmingCharacters(in: .newlines)
        let token = try slp.run("--as", uid, "token").stdout.trimmingCharacters(in: .newlines)
        return (directory, scratch, slp, uid, token)
    }

    /// A worker that dies (here SIGKILL, as the OOM killer would) is replaced by serve, and
    /// requests go on being answered by the others meanwhile (with TLS too: one code path).
    func testAWorkerKilledOutrightIsReplaced() throws {
        let (directory, scratch, slp, _, token) = try registeredOne("010-5200-0009")
        defer { withExtendedLifetime(directory) {} }
        let server = try ServedSLP(slp)
        // serve may still be starting some when the port already answers.
        let count = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)
        XCTAssertTrue(server.process.waitUntil { _ in ServeProcesses.workers(under: scratch).count == count }, "two workers per core, at least four")
        let before = ServeProcesses.workers(under: scratch)
        XCTAssertEqual(try server.client.get("/v1/user", token: token).status, 200)
        kill(before[0], SIGKILL)
        // The request a worker took as it died is lost with it; the claim is about those after.
        XCTAssertTrue(ServeProcesses.awaitDead(before[0]))
        var statuses: [Int] = []
        for _ in 0..<(2 * before.count) { statuses.append(try server.client.get("/v1/user", token: token).status) }
        XCTAssertEqual(statuses, Array(repeating: 200, count: 2 * before.count), "answered by the others")
        let replaced = server.process.waitUntil { _ in
            let now = ServeProcesses.workers(under: scratch)
            return now.count == before.count && !now.contains(before[0])
        }
        XCTAssertTrue(replaced, "workers now: \(ServeProcesses.workers(under: scratch)), before: \(before)")
        XCTAssertEqual(try server.client.get("/v1/user", token: token).status, 200)
        XCTAssertEqual(server.stop(), 0)
        XCTAssertEqual(ServeProcesses.workers(under: scratch), [], "the workers stop with serve")
    }

    /// `--cgi`: SPEC §6's plain CGI, one slp process per request and no workers; the hub as ever.
    func testServeWithCGIKeepsNoWorkers() throws {
        let (directory, scratch, slp, uid, token) = try registeredOne("010-5200-0008")
        defer { withExtendedLifetime(directory) {} }
        let server = try ServedSLP(slp, options: ["--cgi"])
        let user = try server.client.get("/v1/user", token: token)
        XCTAssertEqual(user.status, 200)
        XCTAssertEqual(try JSONDecoder().decode(SLPUser.self, from: user.body).uid, uid)
        XCTAssertEqual(try server.client.get("/v1/nowhere", token: token).status, 404)
        // A path of serve's with a method it does not take is 405 as with workers (not lighttpd's
        // 403 handler for a POST to a folder, nor its 501 for a method it serves no file to), in
        // slp's own words: those of the API's 405.
        let refusal = try server.client.get("/v1/queue/dodge", token: nil)
        XCTAssertEqual(refusal.status, 405, refusal.text)
        for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"] {
            let answer = try server.client.form(method, "/", token: nil, "")
            XCTAssertEqual(answer.status, 405, "\(method): \(answer.text)")
            XCTAssertEqual(answer.header("Allow"), "GET, HEAD", method)
            XCTAssertEqual(answer.text, refusal.text, method)
        }
        XCTAssertEqual(try server.client.form("POST", "/nowhere", token: nil, "").status, 404)
        XCTAssertEqual(ServeProcesses.workers(under: scratch), [])
        // The realtime hub is the same in both modes: Socket.IO and the long polls are its.
        XCTAssertNotNil(ServeProcesses.hub(of: server.process.pid))
        let handshake = try server.client.get("/socket.io/?EIO=4&transport=polling", token: token)
        XCTAssertEqual(handshake.status, 200)
        XCTAssertTrue(handshake.text.hasPrefix(#"0{"sid":"#), handshake.text)
        XCTAssertEqual(try server.client.get("/v1/events?since=0&wait=0", token: token).text, "[]\n")
        // Those lighttpd's 404 handler answered are logged with the path asked for, not the handler's.
        XCTAssertTrue(server.process.waitUntil { $0.stderr.contains("\nPOST /nowhere 404 ") }, server.process.stderr)
        XCTAssertTrue(server.process.stderr.contains("\nPUT / 405 "), server.process.stderr)
        XCTAssertEqual(server.stop(), 0)
    }

    /// Help is a doc: its examples listen on loopback, or on other interfaces only behind TLS.
    func testServeHelpNeverShowsPlainHTTPOnOtherInterfaces() throws {
        let directory = try TemporaryDirectory()
        let help = try SLPBinary(database: directory.path("slp.sqlite")).run("serve", "--help")
        XCTAssertEqual(help.status, 0, help.stderr)
        let examples = help.stdout.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("slp serve") }
        XCTAssertTrue(examples.contains { $0.contains("--tls-cert") }, help.stdout)
        for line in examples where line.contains("--host") && !line.contains("--tls-cert") {
            let words = line.split(separator: " ")
            let address = words.firstIndex(of: "--host").flatMap { words.indices.contains($0 + 1) ? words[$0 + 1] : nil }
            XCTAssertTrue(address == "127.0.0.1" || address == "::1" || address == "localhost", String(line))
        }
    }

    func testServeWithoutLighttpdNamesThePackage() throws {
        let directory = try TemporaryDirectory()
        let slp = SLPBinary(database: directory.path("slp.sqlite"), extra: ["SLP_LIGHTTPD": directory.path("no-lighttpd")])
        let result = try slp.run("serve", "--port", String(try HTTPTestClient.freePort()))
        XCTAssertEqual(result.status, 69)
        XCTAssertEqual(result.errorLines.count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("apt-get install lighttpd"), result.stderr)
    }

    /// A lighttpd whose modules lack mod_magnet (serve's connection limit): one line naming its package.
    func testServeWithoutMagnetNamesItsPackage() throws {
        let directory = try TemporaryDirectory()
        for made in ["sbin", "lib/lighttpd"] { try FileManager.default.createDirectory(atPath: directory.path(made), withIntermediateDirectories: true) }
        try FileManager.default.createSymbolicLink(atPath: directory.path("sbin/lighttpd"), withDestinationPath: "/usr/sbin/lighttpd")
        XCTAssertTrue(FileManager.default.createFile(atPath: directory.path("lib/lighttpd/mod_cgi.so"), contents: Data()))
        let slp = SLPBinary(database: directory.path("slp.sqlite"), extra: ["SLP_LIGHTTPD": directory.path("sbin/lighttpd")])
        let result = try slp.run("serve", "--port", String(try HTTPTestClient.freePort()))
        XCTAssertEqual(result.status, 69)
        XCTAssertEqual(result.stderr, "Error: slp serve needs lighttpd's mod_magnet for its connection limit (apt-get install lighttpd-modules-lua)\n")
    }

    func testServeOnATakenPortSaysSoInOneLine() throws {
        let directory = try TemporaryDirectory()
        let first = try ServedSLP(SLPBinary(database: directory.path("slp.sqlite")))
        let result = try SLPBinary(database: directory.path("slp.sqlite")).run("serve", "--port", String(first.port))
        XCTAssertEqual(result.status, 74)
        XCTAssertEqual(result.stderr, "Error: port \(first.port) on 127.0.0.1 is already in use\n")
        XCTAssertEqual(first.stop(), 0)
    }

    func testServeRefusesBadOptionsBeforeStartingAnything() throws {
        let directory = try TemporaryDirectory()
        let slp = SLPBinary(database: directory.path("slp.sqlite"))
        XCTAssertEqual(try slp.run("serve", "--port", "0").status, 64)
        XCTAssertEqual(try slp.run("serve", "--port", "70000").status, 64)
        XCTAssertEqual(try slp.run("serve", "--host", "a\"b").status, 64)
        let half = try slp.run(["serve", "--port", "1"], environment: ["SLP_FIREBASE_PROJECT": "p"])
        XCTAssertEqual(half.status, 78, "a Firebase project without its certificates: a configuration error")
    }
}
