import Foundation
import SLPTestSupport
import XCTest

/// Random and malformed requests straight to slp, as a CGI program and as one SCGI worker that
/// answers them all, as a hostile client or a broken proxy might send them (methods, paths,
/// headers, percent-encoding, bodies up to and over the limit, forged tokens): never a crash,
/// never a 500, always slp's JSON, and never a write without its 200.
final class APIHostileRequestsCLITests: XCTestCase {
    /// Deterministic: a failure replays with the same requests.
    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private static let statuses: Set<Int> = [200, 201, 202, 203, 204, 205, 401, 404, 405, 406, 409, 501, 503]
    private static let requests = 150

    func testHostileRequestsNeverCrashLeakOrWriteWithoutA200() {
        // slp may answer without reading a body: writing the rest must not end this process.
        signal(SIGPIPE, SIG_IGN)
        TestBackend.each(self) { backend, database, _ in
            let slp = SLPBinary(database: database)
            var users: [(uid: String, token: String)] = []
            for index in 0..<2 {
                let phone = "010-5400-000\(index)"
                let uid = try slp.run("register", "--phone", phone, "--nick", "h\(index)", "--birth", "1995-01-01", "--email", "h\(index)@example.com", "--gender", "female")
                    .stdout.trimmingCharacters(in: .newlines)
                XCTAssertEqual(try slp.run("queue", "--as", uid, "--lat", "37.5665", "--long", "126.978").status, 0)
                users.append((uid, try slp.run("token", "--as", uid).stdout.trimmingCharacters(in: .newlines)))
            }
            let directory = try TemporaryDirectory()
            let worker = try SCGITestWorker(slp, in: directory)
            var random = Generator(state: 30)
            for number in 0..<(2 * Self.requests) {
                // The same requests to each: first a CGI process each, then the one worker.
                if number == Self.requests { random = Generator(state: 30) }
                let request = makeRequest(&random, users: users)
                let before = backend == .sqlite ? fingerprint(database) : nil
                let (status, body, exit) = number < Self.requests ? try run(slp, request) : try send(worker, request)
                let context = "request \(number % Self.requests) \(number < Self.requests ? "CGI" : "SCGI"): \(request.method) \(request.path)"
                XCTAssertEqual(exit, 0, context)
                XCTAssertTrue(Self.statuses.contains(status), "\(context): status \(status) \(body)")
                XCTAssertNotNil(try? JSONSerialization.jsonObject(with: Data(body.utf8), options: [.fragmentsAllowed]), "\(context): \(body)")
                for user in users { XCTAssertFalse(body.contains(user.token), "\(context) repeats a token") }
                if let before {
                    let matchedAtOnce = status == 201 && request.path.hasSuffix("/studyrequest") && body.contains("\"matched\":1")
                    if status != 200 && !matchedAtOnce { XCTAssertEqual(fingerprint(database), before, "\(context) wrote with \(status)") }
                }
            }
        }
    }

    private struct Request {
        var method: String
        var path: String
        var query: String
        var contentType: String?
        var contentLength: String?
        var token: String?
        var body: Data
    }

    private func makeRequest(_ random: inout Generator, users: [(uid: String, token: String)]) -> Request {
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
        let uid = pick(users.map(\.uid) + ["nobody", "", "%00", "a/b", String(repeating: "x", count: 300)])
        let paths = [
            "/v1/user", "/v1/user/mypage", "/v1/user/withdraw", "/v1/user/update_fcm_token", "/v1/queue", "/v1/queue/search",
            "/v1/queue/myQueueState", "/v1/queue/studyrequest", "/v1/queue/studyaccept", "/v1/queue/dodge", "/v1/queue/rate/\(uid)",
            "/v1/user/report", "/v1/chat/\(uid)", "/v1/user/shop/myinfo", "/v1/user/shop/item", "/v1/user/shop/ios", "/v1/events",
            "/v1", "/", "/v2/user", "/v1/../etc/passwd", "/v1//user", "/v1/user/", "/v1/chat", "/v1/queue/rate", "/V1/USER", "/v1/\u{1F600}",
        ]
        let keys = ["lat", "long", "studylist", "otheruid", "reputation", "reportedReputation", "comment", "chat", "lastchatDate", "since",
                    "wait", "FCMtoken", "nick", "birth", "email", "gender", "phoneNumber", "searchable", "ageMin", "ageMax", "study",
                    "sesac", "background", "receipt", "product", "", "studylist[]", "%zz", "a%"]
        let values = ["", "0", "1", "-1", "37.5665", "126.978", "NaN", "inf", "1e999", "9999999999999999999999", "%", "%2", "%G0", "%00",
                      "%FF%FE", "+", "[1, 0, 0, 1, 0, 0]", "[1,0", "anything", users[0].uid, users[1].uid, "2000-01-01T00:00:00.000Z",
                      "2000-01-01T00:00:00.000Z%0A", "010-1234-5678", "%EC%95%88", String(repeating: "%41", count: 2_000), "a=b", "&&&", "=="]
        func form() -> String {
            (0..<Int.random(in: 0...12, using: &random)).map { _ in pick(keys) + (Bool.random(using: &random) ? "=" + pick(values) : "") }
                .joined(separator: "&")
        }
        var body = Data(form().utf8)
        switch Int.random(in: 0..<10, using: &random) {
        case 0: body = Data((0..<Int.random(in: 0...512, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
        case 1: body = Data(repeating: UInt8(ascii: "a"), count: 64 * 1024 + Int.random(in: -2...2, using: &random))
        case 2: body = Data(("lat=1&" + String(repeating: "studylist=x&", count: 5_000)).utf8)
        default: break
        }
        let genuine = pick(users).token
        let parts = genuine.split(separator: ".").map(String.init)
        let tokens: [String?] = [
            genuine, genuine, genuine, nil, "", "garbage", genuine + "x", String(genuine.dropLast(2)),
            parts[0] + "." + parts[1] + ".", "eyJhbGciOiJub25lIn0." + parts[1] + ".", parts[0] + ".." + parts[2],
            String(repeating: "A", count: 20_000), parts.reversed().joined(separator: "."),
        ]
        let lengths: [String?] = [String(body.count), String(body.count), String(body.count), nil, "", "abc", "-1", String(body.count + 10),
                                  "99999999999999999999", String(max(0, body.count - 3))]
        return Request(
            method: pick(["GET", "POST", "PUT", "DELETE", "GET", "POST", "PATCH", "HEAD", "OPTIONS", "", "get", "POST\r\nX: y"]),
            path: pick(paths), query: Bool.random(using: &random) ? form() : pick(["", "=", "?", "%", "lastchatDate=2000-01-01T00:00:00.000Z"]),
            contentType: pick([nil, "application/x-www-form-urlencoded", "application/x-www-form-urlencoded; charset=utf-8",
                               "application/x-www-form-urlencoded; charset=latin1", "application/json", "text/plain", "", ";;;"]),
            contentLength: pick(lengths), token: pick(tokens), body: body)
    }

    /// Runs slp as lighttpd runs it for `request`; the status, the body and slp's exit status.
    private func run(_ slp: SLPBinary, _ request: Request) throws -> (Int, String, Int32) {
        var environment = slp.environment
        environment["GATEWAY_INTERFACE"] = "CGI/1.1"
        environment["REQUEST_METHOD"] = request.method
        environment["SCRIPT_NAME"] = "/v1"
        environment["PATH_INFO"] = request.path.hasPrefix("/v1") ? String(request.path.dropFirst(3)) : request.path
        environment["QUERY_STRING"] = request.query
        environment["CONTENT_TYPE"] = request.contentType
        environment["CONTENT_LENGTH"] = request.contentLength
        environment["HTTP_IDTOKEN"] = request.token
        // The body as standard input: slp may read less of it than there is, or none.
        let outcome = try TimedProcess.run([SLPBinary.url.path], environment: environment, stdin: request.body)
        let text = outcome.stdoutText
        guard text.hasPrefix("Status: "), let end = text.range(of: "\r\n\r\n"), let status = Int(text.dropFirst(8).prefix(3)) else {
            XCTFail("not a CGI answer: \(text)")
            return (0, "", outcome.status)
        }
        XCTAssertTrue(text[..<end.lowerBound].contains("Content-Type: application/json; charset=utf-8"), text)
        return (status, String(text[end.upperBound...]), outcome.status)
    }

    /// Sends `request` to the worker as lighttpd would; the status, the body, and 0 while the
    /// worker still runs.
    private func send(_ worker: SCGITestWorker, _ request: Request) throws -> (Int, String, Int32) {
        var variables = [("CONTENT_LENGTH", request.contentLength ?? ""), ("SCGI", "1"), ("REQUEST_METHOD", request.method), ("SCRIPT_NAME", "/v1")]
        variables.append(("PATH_INFO", request.path.hasPrefix("/v1") ? String(request.path.dropFirst(3)) : request.path))
        variables.append(("QUERY_STRING", request.query))
        if let type = request.contentType { variables.append(("CONTENT_TYPE", type)) }
        if let token = request.token { variables.append(("HTTP_IDTOKEN", token)) }
        let text = try worker.exchange(SCGITestWorker.request(variables, body: Array(request.body)))
        guard text.hasPrefix("Status: "), let end = text.range(of: "\r\n\r\n"), let status = Int(text.dropFirst(8).prefix(3)) else {
            XCTFail("not an SCGI answer: \(text)")
            return (0, "", 1)
        }
        XCTAssertTrue(text[..<end.lowerBound].contains("Content-Type: application/json; charset=utf-8"), text)
        return (status, String(text[end.upperBound...]), worker.process.isRunning ? 0 : 1)
    }

    /// The SQLite file's bytes with its write-ahead log: a read changes neither.
    private func fingerprint(_ database: String) -> Data {
        (FileManager.default.contents(atPath: database) ?? Data()) + (FileManager.default.contents(atPath: database + "-wal") ?? Data())
    }
}
