import Foundation
import SLPTestSupport
import XCTest

/// docs/openapi.yaml holds for what `slp serve` really answers: every endpoint driven through
/// its success and its main refusals, each answer (status, the headers that matter, body) and
/// each well-formed request validated against the document by PyPI's openapi-core; on every
/// backend, one serve each.
final class APIOpenAPICLITests: XCTestCase {
    private struct Person {
        let token: String
        let uid: String
    }

    /// A token for a person about to register with `phone`, and the uid it names.
    private func signIn(_ slp: SLPBinary, _ phone: String) throws -> Person {
        let token = try slp.run("token", "--phone", phone, "--json").stdout
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(token.utf8)) as? [String: Any])
        return Person(token: try XCTUnwrap(object["idtoken"] as? String), uid: try XCTUnwrap(object["uid"] as? String))
    }

    private func register(_ api: OpenAPIExchanges, _ person: Person, _ phone: String, nick: String) throws {
        let answer = try api.send("POST", "/v1/user", token: person.token,
                                  form: "FCMtoken=f-\(nick)&birth=1994-01-01T09%3A00%3A00.000Z&email=\(nick)%40example.com&gender=1&nick=\(nick)&phoneNumber=\(phone)")
        XCTAssertEqual(answer.status, 200, answer.text)
    }

    func testEveryEndpointAnswersAsDocsOpenAPISays() {
        TestBackend.each(self) { backend, database, directory in
            let slp = SLPBinary(database: database)
            let server = try ServedSLP(slp)
            var client = server.client
            // This test drives many writes of one person in a row; the buckets are not its subject.
            client.waitsOutWriteLimits = true
            let api = OpenAPIExchanges(client)
            let a = try signIn(slp, "010-5301-0001"), b = try signIn(slp, "010-5301-0002"), c = try signIn(slp, "010-5301-0003")
            let form = "application/x-www-form-urlencoded"

            // Operations and strangers.
            try api.send("GET", "/healthz", token: nil).check(200)
            try api.send("HEAD", "/healthz", token: nil).check(200)
            try api.send("DELETE", "/healthz", token: nil, documented: false).check(405)
            try api.send("GET", "/v1/user", token: nil, documented: false).check(401)
            try api.send("GET", "/v1/user?=", token: a.token).check(406)
            try api.send("GET", "/v1/nowhere", token: a.token, documented: false).check(404)
            try api.send("GET", "/v1/queue/dodge", token: a.token, documented: false).check(405)
            let noLength = try client.raw("POST /v1/user/withdraw HTTP/1.1\r\nHost: x\r\nidtoken: \(a.token)\r\nConnection: close\r\n\r\n")
            api.record("POST", "/v1/user/withdraw", [("idtoken", a.token)], "", noLength, documented: false)
            XCTAssertEqual(noLength.status, 411, noLength.text)
            let malformed = try client.raw("GET /v1/user%00 HTTP/1.1\r\nHost: x\r\nidtoken: \(a.token)\r\nConnection: close\r\n\r\n")
            api.record("GET", "/v1/user", [("idtoken", a.token)], "", malformed, documented: false)
            XCTAssertEqual(malformed.status, 400, malformed.text)
            // Past slp's 64 KiB (501), and past lighttpd's 128 KiB (413).
            try api.send("PUT", "/v1/user/update_fcm_token", token: a.token, form: "FCMtoken=" + String(repeating: "f", count: 70_000), documented: false).check(501)
            // lighttpd refuses on the head alone (the body is not sent, so no write can fail as it closes).
            let tooLarge = try client.raw("PUT /v1/user/update_fcm_token HTTP/1.1\r\nHost: x\r\nidtoken: \(a.token)\r\nContent-Length: 200000\r\nConnection: close\r\n\r\n")
            api.record("PUT", "/v1/user/update_fcm_token", [("idtoken", a.token)], "", tooLarge, documented: false)
            XCTAssertEqual(tooLarge.status, 413, tooLarge.text)

            // Signing up.
            try register(api, a, "%2B821053010001", nick: "alpha")
            try register(api, b, "010-5301-0002", nick: "bravo")
            try api.send("POST", "/v1/user", token: a.token, form: "FCMtoken=&birth=1994-01-01&email=a%40example.com&gender=1&nick=alpha&phoneNumber=010-5301-0001").check(201)
            try api.send("POST", "/v1/user", token: c.token, form: "FCMtoken=&birth=1994-01-01&email=c%40example.com&gender=0&nick=admin&phoneNumber=010-5301-0003").check(202)
            try api.send("POST", "/v1/user", token: c.token, form: "birth=1994-01-01&email=c%40example.com&gender=0&nick=abcdefghijk&phoneNumber=010-5301-0003").check(501)
            try api.send("POST", "/v1/user", token: c.token, form: "birth=1994-01-01&gender=0&nick=charlie&phoneNumber=010-5301-0003", documented: false).check(501)
            try api.send("POST", "/v1/user", token: c.token, form: "birth=2020-01-01%2000%3A00%3A00%20%2B0000&email=c%40example.com&gender=0&nick=charlie&phoneNumber=010-5301-0003").check(501)
            try register(api, c, "010-5301-0003", nick: "charlie")

            // The user.
            try api.send("GET", "/v1/user", token: a.token).check(200)
            try api.send("GET", "/v1/user?x=" + String(repeating: "x", count: 9000), token: a.token, documented: false).check(414, code: "uri_too_long")
            try api.send("PUT", "/v1/user/mypage", token: a.token, form: "ageMax=40&ageMin=20&gender=1&searchable=1&study=swift").check(200)
            try api.send("PUT", "/v1/user/mypage", token: a.token, form: "ageMax=40&ageMin=50").check(501)
            try api.send("PUT", "/v1/user/update_fcm_token", token: a.token, form: "FCMtoken=f2").check(200)
            try api.send("PUT", "/v1/user/update_fcm_token", token: a.token, form: "", documented: false).check(501)

            // The queue and a match.
            try api.send("GET", "/v1/queue/myQueueState", token: a.token).check(201)
            try api.send("POST", "/v1/queue", token: a.token, form: "lat=37.517819&long=126.886329&studylist=swift&studylist=ios").check(200)
            try api.send("POST", "/v1/queue", token: b.token, form: "lat=37.517819&long=126.886329&studylist=anything").check(200)
            try api.send("POST", "/v1/queue", token: c.token, form: "lat=137&long=126.886329", documented: false).check(501)
            try api.send("POST", "/v1/queue/search", token: a.token, form: "lat=37.517819&long=126.886329").check(200)
            try api.send("GET", "/v1/queue/myQueueState", token: a.token).check(200)
            try api.send("POST", "/v1/queue/studyrequest", token: a.token, form: "otheruid=\(c.uid)").check(202)
            try api.send("POST", "/v1/queue/studyrequest", token: a.token, form: "otheruid=\(a.uid)").check(501)
            try api.send("POST", "/v1/queue/studyrequest", token: a.token, form: "otheruid=\(b.uid)").check(200)
            try api.send("POST", "/v1/queue/search", token: b.token, form: "").check(200)
            try api.send("POST", "/v1/queue/studyaccept", token: c.token, form: "otheruid=\(a.uid)").check(409)
            try api.send("POST", "/v1/queue/studyaccept", token: b.token, form: "otheruid=\(a.uid)").check(200)
            try api.send("GET", "/v1/queue/myQueueState", token: a.token).check(200)
            try api.send("DELETE", "/v1/queue?=", token: a.token).check(201)

            // Chat.
            try api.send("POST", "/v1/chat/\(b.uid)", token: a.token, form: "chat=%EC%95%88%EB%85%95").check(200)
            try api.send("POST", "/v1/chat/\(b.uid)", token: a.token, form: "chat=", documented: false).check(501)
            try api.send("GET", "/v1/chat/\(b.uid)?lastchatDate=2000-01-01T00%3A00%3A00.000Z", token: a.token).check(200)
            try api.send("GET", "/v1/chat/\(a.uid)?lastchatDate=2000-01-01T00:00:00.000Z", token: b.token).check(200)
            try api.send("GET", "/v1/chat/\(c.uid)", token: a.token).check(409)

            // The end of a match.
            // A dodge naming nobody is refused and the match goes on (the dodge of b below is 200).
            try api.send("POST", "/v1/queue/dodge", token: a.token, form: "", documented: false).check(501, code: "missing_parameter")
            try api.send("POST", "/v1/queue/dodge", token: a.token, form: "otheruid=\(c.uid)").check(201)
            try api.send("GET", "/v1/queue/myQueueState", token: a.token).check(200)
            try api.send("POST", "/v1/queue/dodge", token: a.token, form: "otheruid=\(b.uid)").check(200)
            try api.send("POST", "/v1/chat/\(b.uid)", token: a.token, form: "chat=late").check(201)
            try api.send("POST", "/v1/queue", token: a.token, form: "lat=37.517819&long=126.886329").check(203)
            let titles = "reputation=1&reputation=0&reputation=1&reputation=0&reputation=0&reputation=0"
            try api.send("POST", "/v1/queue/rate/\(a.uid)", token: b.token, form: "comment=good&otheruid=\(a.uid)&\(titles)").check(200)
            try api.send("POST", "/v1/queue/rate/\(a.uid)", token: b.token, form: "otheruid=\(a.uid)&reputation=%5B1%2C%200%2C%200%2C%201%2C%200%2C%200%5D").check(409)
            try api.send("POST", "/v1/queue/rate/\(a.uid)", token: b.token, form: "otheruid=\(a.uid)&reputation=0&reputation=0&reputation=0&reputation=0&reputation=0&reputation=0").check(501)
            try api.send("POST", "/v1/queue/rate/\(c.uid)", token: b.token, form: "otheruid=\(c.uid)&\(titles)").check(201)
            let reasons = "reportedReputation=0&reportedReputation=1&reportedReputation=0&reportedReputation=0&reportedReputation=0&reportedReputation=0"
            try api.send("POST", "/v1/user/report", token: b.token, form: "comment=&otheruid=\(a.uid)&\(reasons)").check(200)
            try api.send("POST", "/v1/user/report", token: b.token, form: "comment=&otheruid=\(a.uid)&\(reasons)").check(201)

            // Events, as the long poll gives them (a request, a message, a dodge; a match, a review).
            try api.send("GET", "/v1/events?since=0&wait=0", token: b.token).check(200)
            try api.send("GET", "/v1/events?since=0&wait=0", token: a.token).check(200)
            try api.send("GET", "/v1/events?since=0&wait=61", token: a.token, documented: false).check(501)
            try api.send("GET", "/v1/events", token: String(c.token.dropLast(2)) + "xx", documented: false).check(401)
            // A ninth waiting call answers the oldest 409 too_many_polls at once.
            let waits = "/v1/events?since=999999999&wait=60"
            let polls = try (0..<9).map { _ in
                let poll = WebSocketTestClient(descriptor: try client.connect())
                poll.send("GET \(waits) HTTP/1.1\r\nHost: x\r\nidtoken: \(b.token)\r\nConnection: close\r\n\r\n")
                return poll
            }
            XCTAssertTrue(Polling.until { polls.contains { $0.hasInput() } }, "a ninth call answers the oldest")
            let evicted = try HTTPTestClient.response(Data(try XCTUnwrap(polls.first { $0.hasInput() }).readToEnd()))
            api.record("GET", waits, [("idtoken", b.token)], "", evicted, documented: true)
            evicted.check(409, code: "too_many_polls")
            for poll in polls { poll.reset() }

            // The shop.
            try api.send("GET", "/v1/user/shop/myinfo", token: a.token).check(200)
            try api.send("POST", "/v1/user/shop/item", token: a.token, form: "background=1&sesac=2").check(201)
            try api.send("POST", "/v1/user/shop/item", token: a.token, form: "background=0&sesac=0").check(200)
            try api.send("POST", "/v1/user/shop/ios", token: a.token, form: "product=P&receipt=R").check(201)

            // The realtime hub's Engine.IO requests.
            let open = try api.send("GET", "/socket.io/?EIO=4&transport=polling", token: c.token).check(200)
            let sid = try XCTUnwrap(try JSONSerialization.jsonObject(with: open.body.dropFirst()) as? [String: Any])["sid"] as? String ?? ""
            try api.send("POST", "/socket.io/?EIO=4&transport=polling&sid=\(sid)", token: c.token, form: "40", contentType: "text/plain;charset=UTF-8").check(200)
            try api.send("GET", "/socket.io/?EIO=3&transport=polling", token: c.token, documented: false).check(400)
            try api.send("GET", "/socket.io/?EIO=4&transport=polling", token: "forged", documented: false).check(401)
            // A browser's session: no header, its user proved in CONNECT's auth.
            let browser = try api.send("GET", "/socket.io/?EIO=4&transport=polling", token: nil).check(200)
            let browserSid = try XCTUnwrap(try JSONSerialization.jsonObject(with: browser.body.dropFirst()) as? [String: Any])["sid"] as? String ?? ""
            try api.send(
                "POST", "/socket.io/?EIO=4&transport=polling&sid=\(browserSid)", token: nil, form: #"40{"idtoken":"\#(c.token)"}"#,
                contentType: "text/plain;charset=UTF-8"
            ).check(200)

            // Asked back: matched at once (201 with a result, not a refusal), and the app's accept after it.
            let d = try signIn(slp, "010-5301-0004")
            try register(api, d, "010-5301-0004", nick: "delta")
            try api.send("DELETE", "/v1/queue", token: d.token).check(200)
            for person in [c, d] {
                try api.send("POST", "/v1/queue", token: person.token, form: "lat=37.5665&long=126.978&studylist=anything").check(200)
            }
            try api.send("POST", "/v1/queue/studyrequest", token: c.token, form: "otheruid=\(d.uid)").check(200)
            try api.send("POST", "/v1/queue/studyrequest", token: d.token, form: "otheruid=\(c.uid)").check(201)
            try api.send("POST", "/v1/queue/studyaccept", token: d.token, form: "otheruid=\(c.uid)").check(200)

            // Writing past the bucket, then withdrawing.
            var burst = client
            burst.waitsOutWriteLimits = false
            var refused: HTTPTestClient.Response?
            for _ in 0..<40 where refused == nil {
                let answer = try burst.form("PUT", "/v1/user/update_fcm_token", token: c.token, "FCMtoken=f3")
                if answer.status == 429 { refused = answer }
            }
            let tooMany = try XCTUnwrap(refused, "40 writes in a row never met the bucket")
            api.record("PUT", "/v1/user/update_fcm_token", [("idtoken", c.token), ("Content-Type", form)], "FCMtoken=f3", tooMany, documented: true)
            try api.send("POST", "/v1/user/withdraw", token: c.token, form: "=").check(200)
            try api.send("GET", "/v1/user", token: c.token).check(406)

            let problems = try api.problems(in: directory)
            XCTAssertEqual(problems, "", "docs/openapi.yaml does not describe these answers")
            XCTAssertEqual(server.stop(), 0)

            // The check fails when the document is wrong: the same exchanges against a copy with
            // one answer field renamed. It does not depend on the backend, so SQLite's run is enough.
            guard backend == .sqlite else { return }
            let wrong = directory.path("openapi-wrong.yaml")
            let text = try String(contentsOfFile: OpenAPIExchanges.document, encoding: .utf8)
            XCTAssertTrue(text.contains("matchedNick"))
            try text.replacingOccurrences(of: "matchedNick", with: "matchNick").write(toFile: wrong, atomically: true, encoding: .utf8)
            let found = try api.problems(against: wrong, in: directory)
            XCTAssertTrue(found.contains("myQueueState") && found.contains("matchNick"), found)
        }
    }
}

private extension HTTPTestClient.Response {
    /// This answer, after checking its status is `status` (and its error's code `code`, when given).
    @discardableResult
    func check(_ status: Int, code: String? = nil, file: StaticString = #filePath, line: UInt = #line) -> HTTPTestClient.Response {
        XCTAssertEqual(self.status, status, text, file: file, line: line)
        if let code {
            let error = (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["error"] as? [String: Any]
            XCTAssertEqual(error?["code"] as? String, code, text, file: file, line: line)
        }
        return self
    }
}
