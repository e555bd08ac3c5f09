import Foundation
import XCTest

/// Every `--json` document a command prints, decoded as a client written for the SLP server
/// decodes it: a plain `JSONDecoder` into the structs of SLP's documented responses
/// (`Support/SLPClient`), every key required unless SLP made it optional; on every backend.
final class SLPClientDecodingCLITests: XCTestCase {
    private var slp: SLPBinary!

    /// Runs `body` on a fresh store of each backend.
    private func onEachBackend(_ body: () throws -> Void) {
        TestBackend.each(self) { _, database, _ in
            slp = SLPBinary(database: database)
            try body()
        }
    }

    private func decode<Document: Decodable>(
        _ type: Document.Type, _ arguments: String..., stdin: String? = nil, file: StaticString = #filePath, line: UInt = #line
    ) throws -> Document {
        let result = try slp.run(["--json"] + arguments, stdin: stdin)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stdout.filter { $0 == "\n" }.count, 1, "one document, one line", file: file, line: line)
        return try JSONDecoder().decode(Document.self, from: Data(result.stdout.utf8))
    }

    private func register(_ phone: String, _ nick: String, _ gender: String) throws -> SLPUser {
        try decode(SLPUser.self, "register", "--phone", phone, "--nick", nick, "--birth", "1996-04-01", "--email", "u\(phone.suffix(4))@example.com", "--gender", gender)
    }

    private func queue(_ user: SLPUser, lat: String = "37.5665") throws {
        let result = try slp.run("queue", "--as", user.uid, "--lat", lat, "--long", "126.978", "--study", "swift")
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    private func run(_ arguments: String...) throws {
        let result = try slp.run(arguments)
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
    }

    func testEveryDocumentDecodesAsAnSLPClientReadsIt() {
        onEachBackend {
            // The user object: register, show, update, the shop.
            let a = try register("010-3000-0001", "에이", "female")
            let b = try register("010-3000-0002", "비", "male")
            let c = try register("010-3000-0003", "씨", "male")
            XCTAssertEqual(a.id.count, 24)
            XCTAssertTrue(a.id.allSatisfy { "0123456789abcdef".contains($0) }, a.id)
            XCTAssertEqual(Set([a.id, b.id, c.id]).count, 3, "each user has their own _id")
            XCTAssertEqual([a.version, a.gender, b.gender, a.searchable], [0, 0, 1, 1])
            XCTAssertEqual([a.FCMtoken], [""])
            XCTAssertEqual([a.purchaseToken, a.transactionId, a.reviewedBefore, a.reportedUser], [[], [], [], []])
            XCTAssertEqual(try decode(SLPUser.self, "user", "show", "--as", a.uid), a, "the same document on every read")
            let updated = try decode(SLPUser.self, "user", "update", "--as", a.uid, "--age-min", "20", "--study", "알고리즘")
            XCTAssertEqual([updated.id, updated.study], [a.id, "알고리즘"])
            XCTAssertEqual(updated.ageMin, 20)
            XCTAssertEqual(try decode(SLPUser.self, "shop", "list", "--as", a.uid), updated)
            XCTAssertEqual(try decode(SLPUser.self, "shop", "buy", "sesac", "2", "--as", a.uid).sesacCollection, [0, 2])
            let dressed = try decode(SLPUser.self, "shop", "wear", "--sesac", "2", "--as", a.uid)
            XCTAssertEqual([dressed.sesac, dressed.background], [2, 0])
            XCTAssertEqual(dressed.id, a.id)

            // Queue status in every state, search with a request pending.
            XCTAssertEqual(try decode(SLPQueueState.self, "queue", "status", "--as", a.uid),
                           SLPQueueState(dodged: 0, matched: 0, reviewed: 0, matchedNick: nil, matchedUid: nil))
            try queue(a)
            try queue(b, lat: "37.5670")
            try queue(c, lat: "37.5663")
            XCTAssertEqual(try decode(SLPQueueState.self, "queue", "status", "--as", a.uid),
                           SLPQueueState(dodged: 0, matched: 0, reviewed: 0, matchedNick: nil, matchedUid: nil))
            try run("match", "request", a.uid, "--as", c.uid)
            let found = try decode(SLPSearchResult.self, "search", "--as", a.uid)
            XCTAssertEqual(found.fromQueueDB.map(\.uid), [c.uid, b.uid])
            XCTAssertEqual(found.fromQueueDBRequested.map(\.uid), [c.uid])
            XCTAssertEqual(found.fromRecommend, ["swift"])
            XCTAssertEqual(found.fromQueueDB.first?.gender, 1)

            try run("match", "request", b.uid, "--as", a.uid)
            try run("match", "accept", a.uid, "--as", b.uid)
            XCTAssertEqual(try decode(SLPQueueState.self, "queue", "status", "--as", a.uid),
                           SLPQueueState(dodged: 0, matched: 1, reviewed: 0, matchedNick: "비", matchedUid: b.uid))

            // Chat: one message, lines from stdin, the list, the follow stream.
            let sent = try decode(SLPChat.self, "chat", "send", "--as", a.uid, "안녕")
            XCTAssertEqual([sent.from, sent.to, sent.chat], [a.uid, b.uid, "안녕"])
            let lines = try decode(SLPChatPayload.self, "chat", "send", "--as", b.uid, stdin: "hi\nthere\n")
            XCTAssertEqual(lines.payload.map(\.chat), ["hi", "there"])
            let listed = try decode(SLPChatPayload.self, "chat", "list", "--as", a.uid)
            XCTAssertEqual(listed.payload, [sent] + lines.payload)

            // Reviews: the partner's review shows as `reviewed`; mine lands in reviewedBefore.
            try run("match", "review", a.uid, "--as", b.uid, "--kind")
            XCTAssertEqual(try decode(SLPQueueState.self, "queue", "status", "--as", a.uid),
                           SLPQueueState(dodged: 0, matched: 1, reviewed: 1, matchedNick: "비", matchedUid: b.uid))
            let followed = try slp.run("--json", "chat", "follow", "--as", a.uid)
            XCTAssertEqual(followed.status, 0, followed.stderr)
            let stream = try followed.stdout.split(separator: "\n").map { try JSONDecoder().decode(SLPChat.self, from: Data($0.utf8)) }
            XCTAssertEqual(stream, listed.payload)
            try run("match", "review", b.uid, "--as", a.uid, "--punctual", "--comment", "고마워요")
            XCTAssertEqual(try decode(SLPUser.self, "user", "show", "--as", a.uid).reviewedBefore, [b.uid])
            XCTAssertEqual(try decode(SLPUser.self, "user", "show", "--as", b.uid).reviewedBefore, [a.uid])
            XCTAssertEqual(try decode(SLPUser.self, "user", "show", "--as", b.uid).comment, ["고마워요"])
            XCTAssertEqual(try decode(SLPQueueState.self, "queue", "status", "--as", a.uid),
                           SLPQueueState(dodged: 0, matched: 0, reviewed: 0, matchedNick: nil, matchedUid: nil))

            // A dodge, a report, then the partner withdraws: the match keeps their uid, the lists lose it.
            try queue(a)
            try run("match", "request", c.uid, "--as", a.uid)
            try run("match", "accept", a.uid, "--as", c.uid)
            try run("match", "dodge", "--as", c.uid)
            XCTAssertEqual(try decode(SLPQueueState.self, "queue", "status", "--as", a.uid),
                           SLPQueueState(dodged: 1, matched: 1, reviewed: 0, matchedNick: "씨", matchedUid: c.uid))
            try run("match", "report", c.uid, "--as", a.uid, "--reason", "no-show")
            let reporter = try decode(SLPUser.self, "user", "show", "--as", a.uid)
            XCTAssertEqual(reporter.reportedUser, [c.uid])
            let reported = try decode(SLPUser.self, "user", "show", "--as", c.uid)
            XCTAssertEqual(reported.reportedUser, [], "never who reported me")
            XCTAssertEqual(reported.reportedNum, 1)
            try run("user", "withdraw", "--as", c.uid, "--yes")
            XCTAssertEqual(try decode(SLPQueueState.self, "queue", "status", "--as", a.uid),
                           SLPQueueState(dodged: 1, matched: 1, reviewed: 0, matchedNick: "", matchedUid: c.uid))
            XCTAssertEqual(try decode(SLPUser.self, "user", "show", "--as", a.uid).reportedUser, [])
            try run("user", "withdraw", "--as", b.uid, "--yes")
            XCTAssertEqual(try decode(SLPUser.self, "user", "show", "--as", a.uid).reviewedBefore, [])
        }
    }

    func testAnotherUsersProfileKeepsTheShortKeySet() {
        onEachBackend {
            let a = try register("010-3100-0001", "에이", "female")
            let b = try register("010-3100-0002", "비", "male")
            try queue(a)
            try queue(b)
            // Only a partner may report: they meet first.
            try run("match", "request", b.uid, "--as", a.uid)
            try run("match", "accept", a.uid, "--as", b.uid)
            try run("match", "report", a.uid, "--as", b.uid, "--reason", "rude")
            let shown = try slp.run("--json", "user", "show", b.uid, "--as", a.uid)
            XCTAssertEqual(shown.status, 0, shown.stderr)
            let keys = try shown.jsonObject().keys.sorted()
            XCTAssertEqual(keys, ["background", "comment", "createdAt", "gender", "nick", "reputation", "sesac", "study", "uid"])
            XCTAssertFalse(shown.stdout.contains(a.uid), "whom b reported stays b's")
            XCTAssertFalse(shown.stdout.contains("+82"))
        }
    }
}
