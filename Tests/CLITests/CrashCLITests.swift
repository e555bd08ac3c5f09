import Foundation
import SLPData
import XCTest

/// Writers killed with SIGKILL at random moments: the database always opens, passes
/// `integrity_check`, holds every message whose line was printed, and no half-made seed batch
/// or match.
final class CrashCLITests: XCTestCase {
    func testKillNineNeverLosesAcknowledgedWritesOrLeavesHalfOfOne() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("crash.sqlite")
        let slp = SLPBinary(database: path)
        func register(_ phone: String) throws -> String {
            try slp.run(["register", "--phone", phone, "--nick", "c", "--birth", "1990-01-01", "--email", "c@example.com", "--gender", "male"])
                .stdout.trimmingCharacters(in: .newlines)
        }
        let a = try register("010-9200-0001"), b = try register("010-9200-0002")
        for uid in [a, b] { XCTAssertEqual(try slp.run("queue", "--as", uid, "--lat", "37.5", "--long", "127").status, 0) }
        XCTAssertEqual(try slp.run("match", "request", b, "--as", a).status, 0)
        XCTAssertEqual(try slp.run("match", "accept", a, "--as", b).status, 0)

        var acknowledgedMessages = 0
        var random = SystemRandomNumberGenerator()
        let rounds = 30
        for round in 0..<rounds {
            let process = Process()
            process.executableURL = SLPBinary.url
            process.environment = slp.environment
            let output = Pipe(), input = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            process.standardInput = input
            let chat = round % 2 == 0
            process.arguments = chat ? ["chat", "send", "--as", a] : ["seed", "--users", "3000", "--seed", String(round)]
            try process.run()
            if chat {
                let lines = (0..<400).map { "round \(round) line \($0)" }.joined(separator: "\n") + "\n"
                input.fileHandleForWriting.write(Data(lines.utf8))
            }
            try? input.fileHandleForWriting.close()
            usleep(UInt32.random(in: 5_000...120_000, using: &random))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            acknowledgedMessages += printed.components(separatedBy: "Sent at ").count - 1

            // The database opens for the next process, whole.
            let database = try Database(path: path)
            let check = try database.read { connection in
                (
                    integrity: try connection.prepare("PRAGMA integrity_check").first { $0.text(0) },
                    messages: try connection.prepare("SELECT count(*) FROM messages").first { $0.int(0) } ?? 0,
                    seeded: try connection.prepare("SELECT count(*) FROM users WHERE phone LIKE '+8219%'").first { $0.int(0) } ?? 0,
                    queuedSeeded: try connection.prepare("SELECT count(*) FROM queue WHERE uid IN (SELECT uid FROM users WHERE phone LIKE '+8219%')")
                        .first { $0.int(0) } ?? 0,
                    members: try connection.prepare("SELECT count(*) FROM match_members").first { $0.int(0) } ?? 0
                )
            }
            XCTAssertEqual(check.integrity, "ok", "round \(round)")
            XCTAssertGreaterThanOrEqual(check.messages, acknowledgedMessages, "round \(round): a printed message is a stored message")
            XCTAssertEqual(check.seeded % 3_000, 0, "round \(round): a seed batch is stored whole or not at all")
            XCTAssertEqual(check.queuedSeeded, check.seeded, "round \(round): every seeded user is waiting")
            XCTAssertEqual(check.members, 2, "round \(round): the match is intact")
        }
        XCTAssertGreaterThan(acknowledgedMessages, 0, "some messages were acknowledged before the kills")
        let after = try slp.run("--json", "chat", "list", "--as", b)
        XCTAssertEqual(after.status, 0)
        XCTAssertEqual(try slp.run("chat", "send", "--as", a, "still here").status, 0)
    }
}
