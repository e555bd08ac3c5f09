#if PostgreSQL
import Foundation
import SLPPrivateCluster
import XCTest

/// On PostgreSQL `chat follow` is woken by the server's notifications: a message committed by
/// another process shows within a tenth of a second. (`queue --wait` and `events`, woken the
/// same way, are timed on both backends in `EventsCLITests`.)
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
}
#endif
