import Foundation
import SLPTestSupport
import XCTest

/// Random and malformed requests straight to slp, as a CGI program and as one SCGI worker that
/// answers them all, as a hostile client or a broken proxy might send them (methods, paths,
/// headers, percent-encoding, bodies up to and over the limit, tokens missing or broken):
/// never a crash, never a 500, always slp's JSON, the one status the request calls for wherever
/// slp decides before an endpoint runs, and never a write without its 200. Forged tokens, each
/// refused for its own reason, through lighttpd too. On every backend.
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

    /// What an endpoint may answer once the request has a route, a method it takes and a genuine
    /// token: a rule's status, or a value it refuses; never 401, 404, 405 or 500.
    private static let endpointStatuses: Set<Int> = [200, 201, 202, 203, 204, 205, 406, 409, 501]
    private static let requests = 150

    /// Two registered people waiting, and their tokens.
    private func people(_ slp: SLPBinary) throws -> [(uid: String, token: String)] {
        try (0..<2).map { index in
            let phone = "010-5400-000\(index)"
            let uid = try slp.run("register", "--phone", phone, "--nick", "h\(index)", "--birth", "1995-01-01", "--email", "h\(index)@example.com", "--gender", "female")
                .stdout.trimmingCharacters(in: .newlines)
            XCTAssertEqual(try slp.run("queue", "--as", uid, "--lat", "37.5665", "--long", "126.978").status, 0)
            return (uid, try slp.run("token", "--as", uid).stdout.trimmingCharacters(in: .newlines))
        }
    }

    func testHostileRequestsNeverCrashLeakOrWriteWithoutA200() {
        // slp may answer without reading a body: writing the rest must not end this process.
        signal(SIGPIPE, SIG_IGN)
        TestBackend.each(self) { _, database, _ in
            let slp = SLPBinary(database: database)
            let users = try people(slp)
            let directory = try TemporaryDirectory()
            let worker = try SCGITestWorker(slp, in: directory)
            var random = Generator(state: 30)
            // What is stored now: after an answer that writes nothing, still this.
            var stored = try StoreInspection.fingerprint(database)
            for number in 0..<(2 * Self.requests) {
                // The same requests to each: first a CGI process each, then the one worker.
                if number == Self.requests { random = Generator(state: 30) }
                let request = makeRequest(&random, users: users)
                let (status, body, exit) = number < Self.requests ? try run(slp, request) : try send(worker, request)
                let context = "request \(number % Self.requests) \(number < Self.requests ? "CGI" : "SCGI"): \(request.method) \(request.path)"
                XCTAssertEqual(exit, 0, context)
                if let expected = expectedStatus(request, users: users) {
                    XCTAssertEqual(status, expected, "\(context): \(body)")
                } else {
                    XCTAssertTrue(Self.endpointStatuses.contains(status), "\(context): status \(status) \(body)")
                }
                XCTAssertNotNil(try? JSONSerialization.jsonObject(with: Data(body.utf8), options: [.fragmentsAllowed]), "\(context): \(body)")
                for user in users { XCTAssertFalse(body.contains(user.token), "\(context) repeats a token") }
                let matchedAtOnce = status == 201 && request.path.hasSuffix("/studyrequest") && body.contains("\"matched\":1")
                let now = try StoreInspection.fingerprint(database)
                if status != 200 && !matchedAtOnce { XCTAssertEqual(now, stored, "\(context) wrote with \(status)") }
                stored = now
            }
        }
    }

    /// The status slp answers `request` with before any endpoint runs, in the order it decides:
    /// the method and body it can read at all, the path, the method the path takes, the token.
    /// Nil when the request gets that far: the endpoint decides.
    private func expectedStatus(_ request: Request, users: [(uid: String, token: String)]) -> Int? {
        guard !request.method.isEmpty, request.method.utf8.allSatisfy({ (0x41...0x5A).contains($0) }) else { return 405 }
        if let text = request.contentLength, !text.isEmpty {
            guard text.utf8.count <= 12, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let length = Int(text) else { return 501 }
            if length > 64 * 1024 || length > request.body.count { return 501 }
        }
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().reversed().drop { $0.isEmpty }.reversed()
        let routes: [String: [String]] = [
            "user": ["GET", "POST"], "user/mypage": ["PUT"], "user/withdraw": ["POST"], "user/update_fcm_token": ["PUT"],
            "user/report": ["POST"], "user/shop/myinfo": ["GET"], "user/shop/item": ["POST"], "user/shop/ios": ["POST"],
            "queue": ["POST", "DELETE"], "queue/search": ["POST"], "queue/myQueueState": ["GET"], "queue/studyrequest": ["POST"],
            "queue/studyaccept": ["POST"], "queue/dodge": ["POST"], "events": ["GET"],
        ]
        let words = Array(parts)
        guard request.path.hasPrefix("/"), words.first == "v1", !words.dropFirst().contains(""), words.count > 1 else { return 404 }
        let route = words.dropFirst().joined(separator: "/")
        let methods: [String]
        if let known = routes[route] {
            methods = known
        } else if words.count == 4, words[1] == "queue", words[2] == "rate" {
            methods = ["POST"]
        } else if words.count == 3, words[1] == "chat" {
            methods = ["GET", "POST"]
        } else {
            return 404
        }
        guard methods.contains(request.method) else { return 405 }
        guard let token = request.token, users.contains(where: { $0.token == token }) else { return 401 }
        return nil
    }

    /// Forged and broken tokens, each refused with its own reason: by a CGI process, by one
    /// worker, and through slp serve's lighttpd; nothing is written.
    func testEveryForgedTokenIsRefusedForItsOwnReason() {
        TestBackend.each(self) { _, database, _ in
            let slp = SLPBinary(database: database)
            let users = try people(slp)
            let key = try StoreInspection.tokenKey(database)
            let firebase = try FirebaseTestIssuer()
            let genuine = users[0].token, parts = genuine.split(separator: ".").map(String.init)
            // The servers' clock (SLPBinary's SLP_NOW).
            let now = 1_795_253_400
            func signed(_ changes: [String: Any], header: [String: Any] = ["alg": "HS256", "kid": "slp", "typ": "JWT"]) throws -> String {
                var claims: [String: Any] = ["iss": "slp", "aud": "slp", "sub": users[0].uid, "iat": now - 60, "exp": now + 3_000]
                claims.merge(changes) { $1 }
                return try firebase.hmacToken(claims, key: Data(key), header: header)
            }
            let cases: [(token: String?, reason: String)] = [
                (nil, "no idtoken header"),
                ("", "no idtoken header"),
                ("garbage", "the idtoken is not a well-formed token"),
                (String(genuine.dropLast(2)), "the idtoken is not a well-formed token"),
                (parts[0] + ".." + parts[2], "the idtoken is not a well-formed token"),
                (String(repeating: "A", count: 20_000), "the idtoken is not a well-formed token"),
                (parts.reversed().joined(separator: "."), "the idtoken is not a well-formed token"),
                (genuine + "x", "the idtoken's signature is not valid"),
                (parts[0] + "." + parts[1] + ".", "the idtoken's signature is not valid"),
                (try firebase.hmacToken(["iss": "slp", "aud": "slp", "sub": users[0].uid, "iat": now, "exp": now + 60], key: Data(repeating: 7, count: 32),
                                        header: ["alg": "HS256", "kid": "slp", "typ": "JWT"]), "the idtoken's signature is not valid"),
                ("eyJhbGciOiJub25lIn0." + parts[1] + ".", "the idtoken is signed with an algorithm its issuer does not use"),
                (try signed(["aud": "another-service"]), "the idtoken is for another audience"),
                (try signed(["iss": "someone-else"]), "the idtoken comes from an issuer this service does not accept"),
                (try signed(["iss": "https://securetoken.google.com/\(FirebaseTestIssuer.project)"]), "the idtoken comes from an issuer this service does not accept"),
                (try signed(["exp": now - 1]), "the idtoken has expired"),
                (try signed(["iat": now + 301]), "the idtoken was issued in the future"),
                (try signed(["sub": ""]), "the idtoken names no user"),
            ]
            // Signed with the service's own key, a token may be up to five minutes early: clocks differ.
            let early = try signed(["iat": now + 299])
            let directory = try TemporaryDirectory()
            let worker = try SCGITestWorker(slp, in: directory)
            let server = try ServedSLP(slp)
            let before = try StoreInspection.fingerprint(database)
            for (token, reason) in cases {
                let request = Request(method: "POST", path: "/v1/queue", query: "", contentType: "application/x-www-form-urlencoded",
                                      contentLength: "19", token: token, body: Data("lat=37.5&long=127.0".utf8))
                let expected = #"{"error":{"code":"unauthorized","status":401,"message":"\#(reason)"}}"# + "\n"
                let context = "\(reason): \((token ?? "none").prefix(60))"
                let cgi = try run(slp, request), scgi = try send(worker, request)
                XCTAssertEqual([cgi.0, scgi.0], [401, 401], context)
                XCTAssertEqual([cgi.1, scgi.1], [expected, expected], context)
                let served = try server.client.form("POST", "/v1/queue", token: token, "lat=37.5&long=127.0")
                if (token?.utf8.count ?? 0) > 8 * 1_024 {
                    // lighttpd itself refuses headers this large, before slp sees them.
                    XCTAssertEqual(served.status, 431, context)
                    continue
                }
                XCTAssertEqual(served.status, 401, context)
                XCTAssertEqual(served.text, expected, context)
            }
            XCTAssertEqual(try StoreInspection.fingerprint(database), before, "no refused token wrote anything")
            XCTAssertEqual(try server.client.get("/v1/user", token: early).status, 200, "299 s early is within the clock skew")
            XCTAssertEqual(server.stop(), 0)
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
}
