import Foundation
import XCTest

/// What strangers could do with the rules over HTTP, closed (SPEC §4, §6): withdrawing and
/// registering the same number again keeps its reports, its running dodge penalty and its
/// dodge count, withdrawing from a match is a dodge; and a request dies with the queue place
/// it was made from. On every backend.
final class APISanctionsCLITests: XCTestCase {
    /// Registers `phone` through the API with a token bound to it; the token.
    private func signUp(_ slp: SLPBinary, _ http: HTTPTestClient, _ phone: String, nick: String) throws -> String {
        let token = try slp.run("token", "--phone", phone).stdout.trimmingCharacters(in: .newlines)
        let answer = try http.form("POST", "/v1/user", token: token, "birth=1995-01-01&email=s%40example.com&gender=0&nick=\(nick)&phoneNumber=\(phone)")
        XCTAssertEqual(answer.status, 200, answer.text)
        return token
    }

    private func uid(_ http: HTTPTestClient, _ token: String) throws -> String {
        try JSONDecoder().decode(SLPUser.self, from: try http.get("/v1/user", token: token).body).uid
    }

    func testWithdrawingAndRegisteringAgainKeepsTheBanThePenaltyAndTheCount() {
        TestBackend.each(self) { _, database, _ in
            let scenario = Scenario(database: database)
            let server = try ServedSLP(scenario.slp)
            let http = server.client
            let here = "lat=37.517819&long=126.886473"

            // Three partners report the barred one; the dodger cancels a match (1 minute, 1 dodge).
            let barred = try signUp(scenario.slp, http, "010-5800-0001", nick: "barred")
            let barredUID = try uid(http, barred)
            for index in 1...3 {
                let reporter = try scenario.register("010-5800-010\(index)", "r\(index)")
                try scenario.match(reporter, barredUID)
                try scenario.run("match", "review", barredUID, "--as", reporter, "--kind")
                try scenario.run("match", "report", barredUID, "--as", reporter, "--reason", "rude")
            }
            let dodger = try signUp(scenario.slp, http, "010-5800-0002", nick: "dodger")
            let partner = try scenario.register("010-5800-0201", "partner")
            try scenario.match(partner, try uid(http, dodger))
            XCTAssertEqual(try http.form("POST", "/v1/queue/dodge", token: dodger, "otheruid=\(partner)").status, 200)

            for (phone, token, refusal) in [("010-5800-0001", barred, 201), ("010-5800-0002", dodger, 203)] {
                XCTAssertEqual(try http.form("POST", "/v1/queue", token: token, here).status, refusal, "before withdrawing")
                XCTAssertEqual(try http.form("POST", "/v1/user/withdraw", token: token, "").status, 200)
                XCTAssertEqual(try http.get("/v1/user", token: token).status, 406)
                let again = try signUp(scenario.slp, http, phone, nick: "again")
                XCTAssertEqual(try http.form("POST", "/v1/queue", token: again, here).status, refusal, "\(phone) registered again")
                let user = try JSONDecoder().decode(SLPUser.self, from: try http.get("/v1/user", token: again).body)
                XCTAssertEqual(user.comment, [], "reviews and everything personal go")
                if refusal == 203 {
                    XCTAssertEqual(user.dodgeNum, 1)
                    XCTAssertEqual(user.dodgepenalty, 60, "the penalty runs on (the clock stands still)")
                }
            }
            XCTAssertEqual(server.stop(), 0)
        }
    }

    /// Issue 49: at 2 reports and in a match, withdrawing and registering again escapes nothing.
    /// The partner hears `dodged` (the hub's `/v1/events`), the new account has the 2 reports,
    /// the dodge count and the penalty, and a reporter cannot report it again.
    func testWithdrawingAtTwoReportsDuringAMatchEscapesNothing() {
        TestBackend.each(self) { _, database, _ in
            let scenario = Scenario(database: database)
            let server = try ServedSLP(scenario.slp)
            let http = server.client
            let leaver = try signUp(scenario.slp, http, "010-5800-0301", nick: "leaver")
            let leaverUID = try uid(http, leaver)
            var reporters: [String] = []
            for index in 1...2 {
                let reporter = try scenario.register("010-5800-031\(index)", "r\(index)")
                reporters.append(reporter)
                try scenario.match(reporter, leaverUID)
                try scenario.run("match", "review", leaverUID, "--as", reporter, "--kind")
                try scenario.run("match", "report", leaverUID, "--as", reporter, "--reason", "rude")
            }
            let partner = try scenario.register("010-5800-0320", "partner")
            try scenario.match(partner, leaverUID)
            XCTAssertEqual(try http.form("POST", "/v1/user/withdraw", token: leaver, "").status, 200)

            let partnerToken = try scenario.slp.run("token", "--as", partner).stdout.trimmingCharacters(in: .newlines)
            let events = try XCTUnwrap(
                try JSONSerialization.jsonObject(with: try http.get("/v1/events?since=0&wait=0", token: partnerToken).body) as? [[String: Any]])
            XCTAssertEqual(events.last?["type"] as? String, "dodged")
            XCTAssertEqual(events.last?["uid"] as? String, leaverUID)

            let again = try signUp(scenario.slp, http, "010-5800-0301", nick: "again")
            let user = try JSONDecoder().decode(SLPUser.self, from: try http.get("/v1/user", token: again).body)
            XCTAssertEqual([user.reportedNum, user.dodgeNum, user.dodgepenalty], [2, 1, 60])
            XCTAssertEqual(try http.form("POST", "/v1/queue", token: again, "lat=37.517819&long=126.886473").status, 203)
            let reporterToken = try scenario.slp.run("token", "--as", reporters[0]).stdout.trimmingCharacters(in: .newlines)
            let reported = try http.form("POST", "/v1/user/report", token: reporterToken, "otheruid=\(user.uid)")
            XCTAssertEqual(reported.status, 201, reported.text)
            XCTAssertTrue(reported.text.contains(#""code":"already_reported""#), reported.text)
            XCTAssertEqual(server.stop(), 0)
        }
    }

    /// A asks B, leaves the queue and comes back: B's accept finds no request to accept.
    func testLeavingTheQueueVoidsMyRequestsSentAndReceived() {
        TestBackend.each(self) { _, database, _ in
            let slp = SLPBinary(database: database)
            let server = try ServedSLP(slp)
            let http = server.client
            let here = "lat=37.517819&long=126.886473"
            let a = try signUp(slp, http, "010-5900-0001", nick: "a"), b = try signUp(slp, http, "010-5900-0002", nick: "b")
            let c = try signUp(slp, http, "010-5900-0003", nick: "c")
            let (aUID, bUID) = (try uid(http, a), try uid(http, b))
            for token in [a, b, c] { XCTAssertEqual(try http.form("POST", "/v1/queue", token: token, here).status, 200) }
            XCTAssertEqual(try http.form("POST", "/v1/queue/studyrequest", token: a, "otheruid=\(bUID)").status, 200)
            XCTAssertEqual(try http.form("POST", "/v1/queue/studyrequest", token: c, "otheruid=\(aUID)").status, 200)
            XCTAssertEqual(try http.send("DELETE", "/v1/queue", headers: [("idtoken", a)]).status, 200)
            XCTAssertEqual(try http.form("POST", "/v1/queue", token: a, here).status, 200)
            let accept = try http.form("POST", "/v1/queue/studyaccept", token: b, "otheruid=\(aUID)")
            XCTAssertEqual(accept.status, 409, accept.text)
            XCTAssertTrue(accept.text.contains(#""code":"no_request""#), accept.text)
            XCTAssertEqual(try http.form("POST", "/v1/queue/studyaccept", token: a, "otheruid=\(try uid(http, c))").status, 409, "received ones too")
            let search = try JSONDecoder().decode(SLPSearchResult.self, from: try http.form("POST", "/v1/queue/search", token: a, here).body)
            XCTAssertEqual(search.fromQueueDBRequested, [], "nobody's request to me is left")
            XCTAssertEqual(try JSONDecoder().decode(SLPQueueState.self, from: try http.get("/v1/queue/myQueueState", token: b).body).matched, 0)
            XCTAssertEqual(server.stop(), 0)
        }
    }
}
