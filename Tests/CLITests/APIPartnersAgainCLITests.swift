import Foundation
import XCTest

/// Two people who meet again, and a dodge that names nobody, through `slp serve` (issue 53): the
/// chat history between two people is theirs whole, across their matches, over REST and in
/// `slp chat list`; `POST /v1/queue/dodge` must name my partner. One serve per backend, shared.
final class APIPartnersAgainCLITests: XCTestCase {
    private final class Served {
        let directory: TemporaryDirectory
        let slp: SLPBinary
        let server: ServedSLP

        init(_ backend: TestBackend) throws {
            directory = try TemporaryDirectory()
            slp = SLPBinary(database: try backend.freshStore(in: directory))
            server = try ServedSLP(slp)
        }
    }

    nonisolated(unsafe) private static let served = PerBackend(Served.init)

    override class func tearDown() {
        served.removeAll()
        super.tearDown()
    }

    func testASecondMatchWithTheSamePartnerKeepsTheFirstMatchsMessages() {
        TestBackend.each(self) { backend, _, _ in
            let served = try Self.served(backend)
            let http = served.server.client
            let (a, b) = try APIPerson.matched(served.slp, http, block: 5301, 1)
            _ = try a.send(http, to: b, "first%20match")
            // Both review (no penalty), queue again and match again.
            for (me, other) in [(a, b), (b, a)] {
                let rated = try http.form("POST", "/v1/queue/rate/\(other.uid)", token: me.token, "comment=&reputation=1&reputation=0&reputation=0&reputation=0&reputation=0&reputation=0")
                XCTAssertEqual(rated.status, 200, rated.text)
                XCTAssertEqual(try http.form("POST", "/v1/queue", token: me.token, "lat=37.5665&long=126.978&studylist=anything").status, 200)
            }
            XCTAssertEqual(try http.form("POST", "/v1/queue/studyrequest", token: b.token, "otheruid=\(a.uid)").status, 200)
            XCTAssertEqual(try http.form("POST", "/v1/queue/studyaccept", token: a.token, "otheruid=\(b.uid)").status, 200)
            _ = try b.send(http, to: a, "second%20match")

            let since2000 = try http.get("/v1/chat/\(b.uid)?lastchatDate=2000-01-01T00%3A00%3A00.000Z", token: a.token)
            XCTAssertEqual(try JSONDecoder().decode(SLPChatPayload.self, from: since2000.body).payload.map(\.chat), ["first match", "second match"], since2000.text)
            let opening = try http.get("/v1/chat/\(a.uid)", token: b.token)
            XCTAssertEqual(try JSONDecoder().decode(SLPChatPayload.self, from: opening.body).payload.map(\.chat), ["first match", "second match"], opening.text)
            let listed = try served.slp.run("chat", "list", "--as", "010-5301-0001", "--json")
            XCTAssertEqual(try JSONDecoder().decode(SLPChatPayload.self, from: Data(listed.stdout.utf8)).payload.map(\.chat), ["first match", "second match"], listed.stderr)
        }
    }

    func testADodgeThatNamesNobodyEndsNoMatch() {
        TestBackend.each(self) { backend, _, _ in
            let served = try Self.served(backend)
            let http = served.server.client
            let (a, b) = try APIPerson.matched(served.slp, http, block: 5302, 1)
            let stranger = try APIPerson.register(served.slp, http, block: 5302, 3)
            let unnamed = try http.form("POST", "/v1/queue/dodge", token: a.token, "")
            XCTAssertEqual(unnamed.status, 501, unnamed.text)
            XCTAssertEqual(try JSONSerialization.jsonObject(with: unnamed.body) as? NSDictionary,
                           ["error": ["code": "missing_parameter", "status": 501, "message": "otheruid is missing"]] as NSDictionary, unnamed.text)
            let notPartner = try http.form("POST", "/v1/queue/dodge", token: a.token, "otheruid=\(stranger.uid)")
            XCTAssertEqual(notPartner.status, 201, notPartner.text)
            XCTAssertEqual(try JSONDecoder().decode(SLPQueueState.self, from: try http.get("/v1/queue/myQueueState", token: b.token).body).dodged, 0,
                           "the match goes on")
            XCTAssertEqual(try http.form("POST", "/v1/queue/dodge", token: a.token, "otheruid=\(b.uid)").status, 200)
            XCTAssertEqual(try JSONDecoder().decode(SLPQueueState.self, from: try http.get("/v1/queue/myQueueState", token: b.token).body).dodged, 1)
        }
    }
}
