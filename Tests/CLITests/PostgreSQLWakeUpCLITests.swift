#if PostgreSQL
import Foundation
import SLPTestCluster
import XCTest

/// On PostgreSQL the long-running commands are woken by the server's notifications: a message
/// or an accept committed by another process shows within a tenth of a second.
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

    func testChatFollowShowsEachMessageFromAnotherProcessWithinATenthOfASecond() throws {
        let a = try register("010-7100-0001", "가")
        let b = try register("010-7100-0002", "나")
        for uid in [a, b] { try ok("queue", "--as", uid, "--lat", "37.5", "--long", "127.0") }
        try ok("match", "request", b, "--as", a)
        try ok("match", "accept", a, "--as", b)
        let follower = try BackgroundSLP(slp, ["--json", "chat", "follow", "--as", a])
        usleep(300_000)
        var delays: [Double] = []
        for index in 1...20 {
            try ok("chat", "send", "--as", b, "message \(index)")
            let sent = Date()
            XCTAssertTrue(follower.waitUntil(5) { $0.lines.count == index }, follower.stdout + follower.stderr)
            delays.append(Date().timeIntervalSince(sent))
        }
        try ok("match", "dodge", "--as", b)
        XCTAssertEqual(follower.exit(within: 5), 0, follower.stderr)
        delays.sort()
        let median = delays[delays.count / 2]
        XCTAssertLessThan(median, 0.1, "chat follow printed a message \(median) s after it was committed (median of 20: \(delays))")
    }

    func testQueueWaitEndsWithinATenthOfASecondOfTheAccept() throws {
        let waiter = try register("010-7200-0001", "기다림")
        let partner = try register("010-7200-0002", "짝")
        try ok("queue", "--as", partner, "--lat", "37.5", "--long", "127.0")
        let wait = try BackgroundSLP(slp, ["--json", "queue", "--as", waiter, "--lat", "37.5", "--long", "127.0", "--wait"])
        XCTAssertTrue(wait.waitUntil(10) { _ in
            (try? self.slp.run("--json", "queue", "status", "--as", waiter).jsonObject()["status"] as? String) == "waiting"
        })
        try ok("match", "request", partner, "--as", waiter)
        try ok("match", "accept", waiter, "--as", partner)
        let accepted = Date()
        XCTAssertTrue(wait.waitUntil(5) { !$0.isRunning })
        let waited = Date().timeIntervalSince(accepted)
        XCTAssertEqual(wait.exit(within: 1), 0, wait.stderr)
        XCTAssertLessThan(waited, 0.1, "queue --wait ended \(waited) s after the accept")
    }
}
#endif
