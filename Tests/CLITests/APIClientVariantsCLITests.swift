import Foundation
import XCTest

/// SLP's REST API through `slp serve` and a real lighttpd, replaying the requests of SLP's iOS
/// clients in each of their variants (Support/SLPClient and shared/slp-clients.md), every answer
/// decoded as those clients declare it; on every backend.
final class APIClientVariantsCLITests: XCTestCase {
    private let form = "application/x-www-form-urlencoded"

    private func decode<T: Decodable>(_ type: T.Type, _ response: HTTPTestClient.Response, status: Int = 200, file: StaticString = #filePath, line: UInt = #line) throws -> T {
        XCTAssertEqual(response.status, status, response.text, file: file, line: line)
        XCTAssertEqual(response.header("Content-Type"), "application/json; charset=utf-8", file: file, line: line)
        return try JSONDecoder().decode(T.self, from: response.body)
    }

    private func errorCode(_ response: HTTPTestClient.Response) -> String? {
        let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        return (object?["error"] as? [String: Any])?["code"] as? String
    }

    private func token(_ slp: SLPBinary, phone: String) throws -> String {
        let result = try slp.run("token", "--phone", phone)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    func testEveryClientVariantIsAnsweredAsSLPAnsweredIt() {
        TestBackend.each(self) { _, database, _ in
            let slp = SLPBinary(database: database)
            let a = try token(slp, phone: "010-4000-0001"), b = try token(slp, phone: "010-4000-0002")
            let c = try token(slp, phone: "010-4000-0003")
            let server = try ServedSLP(slp)
            // One person writes here faster than any app's user (docs/API.md, "Limits").
            var http = server.client
            http.waitsOutWriteLimits = true

            // Login before sign-up: 406 (GL/MH send `?=`).
            XCTAssertEqual(try http.get("/v1/user?=", token: a).status, 406)
            // Registration, birth in each of the three formats, Content-Type with, without a charset and absent.
            let userA = try decode(SLPUser.self, try http.form(
                "POST", "/v1/user", token: a,
                "FCMtoken=f1&birth=1994-01-01T09%3A00%3A00.000Z&email=a%40example.com&gender=1&nick=%EC%83%88%EC%8B%B9&phoneNumber=%2B821040000001"))
            XCTAssertEqual([userA.nick, userA.FCMtoken, userA.phoneNumber, userA.birth], ["새싹", "f1", "+821040000001", "1994-01-01T00:00:00.000Z"])
            let userB = try decode(SLPUser.self, try http.form(
                "POST", "/v1/user", token: b,
                "FCMtoken=f2&birth=2000-01-01%2000%3A00%3A00%20%2B0000&email=b%40example.com&gender=0&nick=bee&phoneNumber=%2B821040000002",
                contentType: form + "; charset=utf-8"))
            XCTAssertEqual(userB.birth, "2000-01-01T00:00:00.000Z")
            let userC = try decode(SLPUser.self, try http.form(
                "POST", "/v1/user", token: c, "FCMtoken=&birth=1993-12-31T15%3A00%3A00.000Z&email=c%40example.com&gender=1&nick=cee&phoneNumber=01040000003",
                contentType: nil))
            XCTAssertEqual(userC.birth, "1994-01-01T00:00:00.000Z", "midnight in Korea is the day the person picked")
            // Registering again: 201; a phone other than the token's: 401; a forbidden nick: 202.
            XCTAssertEqual(try http.form("POST", "/v1/user", token: a, "FCMtoken=f&birth=1994-01-01&email=a%40example.com&gender=1&nick=x&phoneNumber=%2B821040000001").status, 201)
            let d = try token(slp, phone: "010-4000-0004")
            XCTAssertEqual(try http.form("POST", "/v1/user", token: d, "birth=1994-01-01&email=d%40example.com&gender=1&nick=x&phoneNumber=%2B821040000005").status, 401)
            let forbidden = try http.form("POST", "/v1/user", token: d, "birth=1994-01-01&email=d%40example.com&gender=1&nick=admin&phoneNumber=%2B821040000004")
            XCTAssertEqual(forbidden.status, 202, forbidden.text)
            XCTAssertEqual(try http.form("POST", "/v1/user", token: d, "birth=yesterday&email=d%40example.com&gender=1&nick=x&phoneNumber=%2B821040000004").status, 501)
            XCTAssertEqual(try decode(SLPUser.self, try http.get("/v1/user", token: a)), userA)

            // My page and the push token (HC sends no Content-Type).
            let page = try decode(SLPUser.self, try http.form("PUT", "/v1/user/mypage", token: a, "ageMax=40&ageMin=20&gender=1&searchable=1&study=swift"))
            XCTAssertEqual([page.ageMin, page.ageMax], [20, 40])
            XCTAssertEqual(try decode(SLPUser.self, try http.form("PUT", "/v1/user/update_fcm_token", token: a, "FCMtoken=f9", contentType: nil)).FCMtoken, "f9")
            XCTAssertEqual(try slp.run("--json", "user", "show", "--as", userA.uid).jsonObject()["FCMtoken"] as? String, "f9")

            // The queue: not in it (201, SLP's normal state), then waiting; studylist=anything.
            XCTAssertEqual(try decode(SLPQueueState.self, try http.get("/v1/queue/myQueueState?=", token: a), status: 201).matched, 0)
            XCTAssertEqual(try http.form("POST", "/v1/queue", token: a, "lat=37.517819&long=126.886329&studylist=swift&studylist=ios").status, 200)
            XCTAssertEqual(try http.form("POST", "/v1/queue", token: b, "lat=37.5179&long=126.8864&studylist=anything", contentType: form + "; charset=utf-8").status, 200)
            XCTAssertEqual(try http.form("POST", "/v1/queue", token: c, "lat=37.5180&long=126.8865&studylist=anything").status, 200)
            XCTAssertEqual(try decode(SLPQueueState.self, try http.get("/v1/queue/myQueueState", token: a)).matched, 0)
            // SU's search sets no Content-Type.
            let found = try decode(SLPSearchResult.self, try http.form("POST", "/v1/queue/search", token: a, "lat=37.517819&long=126.886329", contentType: nil))
            XCTAssertEqual(Set(found.fromQueueDB.map(\.uid)), [userB.uid, userC.uid])

            // DH's flow: I asked B, B asks me back (201: we are matched now), B's app accepts (200).
            XCTAssertEqual(try http.form("POST", "/v1/queue/studyrequest", token: a, "otheruid=\(userB.uid)").status, 200)
            XCTAssertEqual(try decode(SLPSearchResult.self, try http.form("POST", "/v1/queue/search", token: b, "lat=37.5179&long=126.8864")).fromQueueDBRequested.map(\.uid), [userA.uid])
            XCTAssertEqual(try http.form("POST", "/v1/queue/studyrequest", token: b, "otheruid=\(userA.uid)").status, 201)
            XCTAssertEqual(try http.form("POST", "/v1/queue/studyaccept", token: b, "otheruid=\(userA.uid)").status, 200)
            // The command line answers the same accept by the same rule: that match, nothing changed.
            let again = try slp.run("match", "accept", userA.uid, "--as", userB.uid)
            XCTAssertEqual(again.status, 0, again.stderr)
            XCTAssertEqual(again.stdout, "Already matched with \(userA.nick) (\(userA.uid)): nothing changed.\n")
            let matched = try decode(SLPQueueState.self, try http.get("/v1/queue/myQueueState", token: a))
            XCTAssertEqual([matched.matched, matched.dodged, matched.reviewed], [1, 0, 0])
            XCTAssertEqual([matched.matchedNick, matched.matchedUid], ["bee", userB.uid])
            // Matched: leaving the queue is refused (201), C's request to a matched user too (202), accepting C 203.
            XCTAssertEqual(try http.send("DELETE", "/v1/queue?=", headers: [("idtoken", a)]).status, 201)
            XCTAssertEqual(try http.form("POST", "/v1/queue/studyrequest", token: c, "otheruid=\(userA.uid)").status, 202)
            // A uid nobody has is, to SLP's apps, someone not waiting (202), as SLP answered it.
            for path in ["/v1/queue/studyrequest", "/v1/queue/studyaccept"] {
                let nobody = try http.form("POST", path, token: c, "otheruid=NoSuchUser")
                XCTAssertEqual(nobody.status, 202, path)
                XCTAssertEqual(nobody.text, #"{"error":{"code":"other_not_searching","status":202,"message":"that user is not waiting in the queue"}}"# + "\n", path)
            }

            // Chat: the message, then the page after lastchatDate with raw (HC, SU) and escaped colons.
            let sent = try decode(SLPChat.self, try http.form("POST", "/v1/chat/\(userB.uid)", token: a, "chat=%EC%95%88%EB%85%95"))
            XCTAssertEqual([sent.chat, sent.from, sent.to], ["안녕", userA.uid, userB.uid])
            XCTAssertEqual(try http.form("POST", "/v1/chat/\(userC.uid)", token: a, "chat=hi").status, 409, "only to my partner")
            let raw = try decode(SLPChatPayload.self, try http.get("/v1/chat/\(userA.uid)?lastchatDate=2000-01-01T00:00:00.000Z", token: b))
            let escaped = try decode(SLPChatPayload.self, try http.get("/v1/chat/\(userA.uid)?lastchatDate=2000-01-01T00%3A00%3A00.000Z", token: b))
            XCTAssertEqual(raw.payload, [sent])
            XCTAssertEqual(escaped, raw)
            XCTAssertEqual(try decode(SLPChatPayload.self, try http.get("/v1/chat/\(userA.uid)?lastchatDate=\(sent.createdAt)", token: b)).payload, [])

            // Reviews: six repeated ints (most clients), one string "[1, 0, …]" (JH); otheruid in path and body.
            XCTAssertEqual(try http.form("POST", "/v1/queue/rate/\(userB.uid)", token: a,
                "comment=good&otheruid=\(userB.uid)&reputation=1&reputation=0&reputation=1&reputation=0&reputation=0&reputation=0").status, 200)
            XCTAssertEqual(try http.form("POST", "/v1/queue/rate/\(userA.uid)", token: b,
                "comment=&otheruid=\(userA.uid)&reputation=%5B1%2C%200%2C%200%2C%201%2C%200%2C%200%5D").status, 200)
            XCTAssertEqual(try decode(SLPUser.self, try http.get("/v1/user", token: a)).reputation, [1, 0, 0, 1, 0, 0])
            XCTAssertEqual(try decode(SLPUser.self, try http.get("/v1/user", token: b)).reputation, [1, 0, 1, 0, 0, 0])
            XCTAssertEqual(try decode(SLPUser.self, try http.get("/v1/user", token: a)).reviewedBefore, [userB.uid])

            // A meets C.
            XCTAssertEqual(try http.form("POST", "/v1/queue", token: a, "lat=37.517819&long=126.886329&studylist=anything").status, 200)
            XCTAssertEqual(try http.form("POST", "/v1/queue/studyrequest", token: c, "otheruid=\(userA.uid)").status, 200)
            // HC's studyAccept posts to studyrequest: the same match, at once.
            XCTAssertEqual(try http.form("POST", "/v1/queue/studyrequest", token: a, "otheruid=\(userC.uid)").status, 201)
            // Dodge with the wrong otheruid: 201; the right one: 200; then no partner: 201.
            XCTAssertEqual(try http.form("POST", "/v1/queue/dodge", token: c, "otheruid=\(userB.uid)").status, 201)
            XCTAssertEqual(try http.form("POST", "/v1/queue/dodge", token: c, "otheruid=\(userA.uid)").status, 200)
            XCTAssertEqual(try http.form("POST", "/v1/queue/dodge", token: c, "otheruid=\(userA.uid)").status, 201)
            // Penalised: queueing again answers 203 (one minute).
            XCTAssertEqual(try http.form("POST", "/v1/queue", token: c, "lat=37.5&long=126.9").status, 203)
            // MH: nine string values, padded with zeros; fewer than six, or another uid in the body: 501.
            XCTAssertEqual(try http.form("POST", "/v1/queue/rate/\(userC.uid)", token: a, "otheruid=\(userC.uid)&reputation=1&reputation=0").status, 501)
            XCTAssertEqual(try http.form("POST", "/v1/queue/rate/\(userC.uid)", token: a, "otheruid=\(userB.uid)&reputation=[1,0,0,0,0,0]").status, 501)
            XCTAssertEqual(try http.form("POST", "/v1/queue/rate/\(userC.uid)", token: a,
                "otheruid=\(userC.uid)&reputation=0&reputation=1&reputation=0&reputation=0&reputation=0&reputation=0&reputation=0&reputation=0&reputation=0").status, 200)
            // A report of my partner (SLP's six reasons as flags); the second: 201.
            XCTAssertEqual(try http.form("POST", "/v1/user/report", token: a, "comment=&otheruid=\(userC.uid)&reportedReputation=0&reportedReputation=0&reportedReputation=1&reportedReputation=0&reportedReputation=0&reportedReputation=0").status, 200)
            XCTAssertEqual(try http.form("POST", "/v1/user/report", token: a, "otheruid=\(userC.uid)").status, 201)

            // The shop: my info (the user object), wearing what I do not own (201), receipts (201).
            XCTAssertEqual(try decode(SLPUser.self, try http.get("/v1/user/shop/myinfo?=", token: a)).uid, userA.uid)
            XCTAssertEqual(try http.form("POST", "/v1/user/shop/item", token: a, "background=1&sesac=2", contentType: nil).status, 201)
            XCTAssertEqual(try decode(SLPUser.self, try http.form("POST", "/v1/user/shop/item", token: a, "background=0&sesac=0")).sesac, 0)
            XCTAssertEqual(try http.form("POST", "/v1/user/shop/ios", token: a, "product=P&receipt=R", contentType: nil).status, 201)

            // Leaving: a body of just `=` (GL, MH); then the account is gone (406).
            XCTAssertEqual(try http.form("POST", "/v1/user/withdraw", token: b, "=").status, 200)
            XCTAssertEqual(try http.get("/v1/user", token: b).status, 406)
            XCTAssertEqual(try http.form("POST", "/v1/user/withdraw", token: b, "=").status, 406)

            // Paths and methods the API does not have, bodies it cannot read.
            XCTAssertEqual(errorCode(try http.get("/v1/nothing", token: a)), "not_found")
            XCTAssertEqual(try http.get("/index.html", token: a).status, 404)
            let wrongMethod = try http.send("PUT", "/v1/queue", headers: [("idtoken", a)])
            XCTAssertEqual(wrongMethod.status, 405)
            XCTAssertEqual(wrongMethod.header("Allow"), "POST, DELETE")
            XCTAssertEqual(try http.form("POST", "/v1/queue", token: a, "lat=1&long=2", contentType: "application/json").status, 501)
            XCTAssertEqual(try http.form("POST", "/v1/queue", token: a, "lat=%zz").status, 501)
            XCTAssertEqual(try http.form("POST", "/v1/queue", token: a, String(repeating: "a", count: 64 * 1024 + 1)).status, 501)
            XCTAssertEqual(server.stop(), 0)
        }
    }
}
