#if PostgreSQL
import Foundation
import SLPPrivateCluster
import XCTest

/// On PostgreSQL `chat follow` is woken by the server's notifications only (nothing else tells
/// it of a commit): each message another process commits shows, once, in order. How soon (tens
/// of milliseconds) is `slp-bench --chat-only --postgres`'s figure, not a bound here; that a
/// wait wakes on a commit made while it waits, long before its limit, is
/// `ConcurrentStorageContractTests.testAWaitForChangeWakesOnACommitMadeWhileItWaits`.
final class PostgreSQLWakeUpCLITests: XCTestCase {
    private var slp: SLPBinary!

    override func setUpWithError() throws {
        slp = SLPBinary(database: try PrivateCluster.shared().freshDatabase(), now: nil)
    }

    private func register(_ phone: String, _ nick: String) throws -> String {
        let result = try slp.run("register", "--phone", phone, "--nick", nick, "--birth", "1995-05-05", "--email", "w@example.com", "--gender", "female")
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    private func ok(_ arguments: String...) throws {
        let result = try slp.run(arguments)
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
    }

    func testChatFollowShowsEachMessageFromAnotherProcessOnceInOrder() throws {
        let a = try register("010-7100-0001", "가")
        let b = try register("010-7100-0002", "나")
        for uid in [a, b] { try ok("queue", "--as", uid, "--lat", "37.5", "--long", "127.0") }
        try ok("match", "request", b, "--as", a)
        try ok("match", "accept", a, "--as", b)
        // Ready once it has printed the conversation so far (the first message): from then on it
        // learns of each commit only from the server's notification.
        try ok("chat", "send", "--as", b, "message 1")
        let follower = try BackgroundSLP(slp, ["--json", "chat", "follow", "--as", a])
        XCTAssertTrue(follower.waitUntil { $0.lines.count >= 1 }, follower.stdout + follower.stderr)
        for index in 2...20 {
            try ok("chat", "send", "--as", b, "message \(index)")
            // One at a time: each is printed before the next is sent, so each needed its own wake-up.
            XCTAssertTrue(follower.waitUntil { $0.lines.count >= index }, follower.stdout + follower.stderr)
        }
        try ok("match", "dodge", "--as", b)
        XCTAssertEqual(follower.exit(), 0, follower.stderr)
        let texts = follower.lines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["chat"] as? String }
        XCTAssertEqual(texts, (1...20).map { "message \($0)" })
    }
}
#endif
