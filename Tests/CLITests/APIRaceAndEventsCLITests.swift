import Foundation
import XCTest

/// Matching is race-free over HTTP as on the command line, and `GET /v1/events` long-polls as
/// `slp events` follows; on every backend.
final class APIRaceAndEventsCLITests: XCTestCase {
    private func register(_ slp: SLPBinary, _ http: HTTPTestClient, _ index: Int) throws -> (token: String, uid: String) {
        let phone = String(format: "010-5300-%04d", index)
        let token = try slp.run("token", "--phone", phone).stdout.trimmingCharacters(in: .newlines)
        let response = try http.form(
            "POST", "/v1/user", token: token, "birth=1995-01-01&email=r\(index)%40example.com&gender=\(index % 2)&nick=r\(index)&phoneNumber=\(phone)")
        XCTAssertEqual(response.status, 200, response.text)
        let user = try JSONDecoder().decode(SLPUser.self, from: response.body)
        XCTAssertEqual(try http.form("POST", "/v1/queue", token: token, "lat=37.5665&long=126.978&studylist=anything").status, 200)
        return (token, user.uid)
    }

    func testSixConcurrentAcceptsMakeExactlyOneMatch() {
        TestBackend.each(self) { _, database, _ in
            let slp = SLPBinary(database: database)
            let server = try ServedSLP(slp)
            let http = server.client
            let asker = try register(slp, http, 0)
            let others = try (1...6).map { try register(slp, http, $0) }
            for other in others {
                XCTAssertEqual(try http.form("POST", "/v1/queue/studyrequest", token: asker.token, "otheruid=\(other.uid)").status, 200)
            }
            let lock = NSLock()
            nonisolated(unsafe) var statuses = [Int](repeating: -1, count: others.count)
            DispatchQueue.concurrentPerform(iterations: others.count) { index in
                let status = (try? http.form("POST", "/v1/queue/studyaccept", token: others[index].token, "otheruid=\(asker.uid)").status) ?? -1
                lock.withLock { statuses[index] = status }
            }
            XCTAssertEqual(statuses.filter { $0 == 200 }.count, 1, "\(statuses)")
            XCTAssertEqual(statuses.filter { $0 == 201 || $0 == 202 }.count, 5, "the others: matched elsewhere \(statuses)")
            let winner = others[statuses.firstIndex(of: 200)!]
            let state = try JSONDecoder().decode(SLPQueueState.self, from: try http.get("/v1/queue/myQueueState", token: asker.token).body)
            XCTAssertEqual(state.matchedUid, winner.uid)
            XCTAssertEqual(server.stop(), 0)
        }
    }

    func testEventsLongPollAnswersAsSoonAsThereIsOne() {
        TestBackend.each(self) { _, database, _ in
            let slp = SLPBinary(database: database)
            let server = try ServedSLP(slp)
            let http = server.client
            let a = try register(slp, http, 10), b = try register(slp, http, 11)
            XCTAssertEqual(try http.get("/v1/events?since=0&wait=0", token: b.token).text, "[]\n")
            // Nothing happens: [] once the wait is over.
            let quiet = Date()
            XCTAssertEqual(try http.get("/v1/events?since=0&wait=1", token: b.token).text, "[]\n")
            XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(quiet), 1)
            // A request from A while B waits (or before: either way B gets it, at once).
            let waiting = DispatchGroup()
            nonisolated(unsafe) var answer: HTTPTestClient.Response?
            waiting.enter()
            DispatchQueue.global().async {
                answer = try? http.get("/v1/events?since=0&wait=60", token: b.token)
                waiting.leave()
            }
            XCTAssertEqual(try http.form("POST", "/v1/queue/studyrequest", token: a.token, "otheruid=\(b.uid)").status, 200)
            XCTAssertEqual(waiting.wait(timeout: .now() + 50), .success, "answered well before the wait ends")
            let events = try XCTUnwrap(try JSONSerialization.jsonObject(with: XCTUnwrap(answer).body) as? [[String: Any]])
            XCTAssertEqual(events.map { $0["type"] as? String }, ["request"])
            XCTAssertEqual(events.first?["uid"] as? String, a.uid)
            let last = try XCTUnwrap(events.last?["id"] as? Int)
            XCTAssertEqual(try http.get("/v1/events?since=\(last)", token: b.token).text, "[]\n", "nothing after the last one seen")
            XCTAssertEqual(try http.get("/v1/events?since=0&wait=61", token: b.token).status, 501)
            XCTAssertEqual(try http.get("/v1/events?since=-1", token: b.token).status, 501)
            XCTAssertEqual(server.stop(), 0)
        }
    }

    /// Long polls wait in the realtime hub, not in a process of their own: as many as one user
    /// may hold (8) add no process, and slp's workers stay free for everything else.
    func testLongPollsLeaveTheWorkersFree() {
        TestBackend.each(self) { _, database, _ in
            let slp = SLPBinary(database: database)
            let server = try ServedSLP(slp)
            let http = server.client
            let a = try register(slp, http, 20), b = try register(slp, http, 21)
            let hub = try XCTUnwrap(ServeProcesses.hub(of: server.process.pid))
            let processes = ServeProcesses.descendants(of: server.process.pid)
            let descriptors = ServeProcesses.openDescriptors(of: hub)
            let polls = 8
            let waiting = DispatchGroup()
            let lock = NSLock()
            nonisolated(unsafe) var answers: [HTTPTestClient.Response?] = []
            for _ in 0..<polls {
                waiting.enter()
                DispatchQueue.global().async {
                    let answer = try? http.get("/v1/events?since=0&wait=60", token: b.token)
                    lock.withLock { answers.append(answer) }
                    waiting.leave()
                }
            }
            // Every poll is held by the hub (a connection each)...
            let deadline = Date().addingTimeInterval(SLPBinary.patience)
            while ServeProcesses.openDescriptors(of: hub) < descriptors + polls && Date() < deadline { usleep(20_000) }
            XCTAssertEqual(ServeProcesses.openDescriptors(of: hub), descriptors + polls, "the hub holds every poll")
            XCTAssertEqual(ServeProcesses.descendants(of: server.process.pid), processes, "no process for a poll")
            XCTAssertEqual(lock.withLock { answers.count }, 0, "a poll ended before anything happened")
            // ...and the workers still answer: A's request is what ends every poll.
            XCTAssertEqual(try http.form("POST", "/v1/queue/studyrequest", token: a.token, "otheruid=\(b.uid)").status, 200)
            XCTAssertEqual(waiting.wait(timeout: .now() + 50), .success, "answered well before the wait ends")
            for answer in lock.withLock({ answers }) {
                let events = try XCTUnwrap(try JSONSerialization.jsonObject(with: XCTUnwrap(answer).body) as? [[String: Any]])
                XCTAssertEqual(events.map { $0["type"] as? String }, ["request"])
            }
            XCTAssertEqual(server.stop(), 0)
        }
    }
}
