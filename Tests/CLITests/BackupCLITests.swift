import Foundation
import SLPData
import SLPTestSupport
import Synchronization
import XCTest

/// `slp backup` while `slp serve` answers a write load: a whole, checked copy holding every
/// write acknowledged before it began, the load's tail latency kept, no file overwritten, nothing
/// left behind on failure; on PostgreSQL a line naming pg_dump.
final class BackupCLITests: XCTestCase {
    /// One answered write of the load: when it was sent and answered, its status, the chat text.
    private struct Answer {
        let sent: Date
        let answered: Date
        let status: Int
        let text: String?
    }

    /// The shortest window of load without a backup (seconds; each lasts as long as the backup
    /// before it took, if longer), how many writes at least each such window holds, and how many
    /// backups the windows surround.
    private static let window = 2.5
    private static let quietWrites = 150
    private static let rounds = 2
    /// Matched pairs per client of the load.
    private static let pairs = 8

    /// The 99th percentile of `latencies` (seconds), nearest rank.
    private static func p99(_ latencies: [Double]) -> Double {
        let sorted = latencies.sorted()
        return sorted[max(0, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
    }

    func testBackupDuringAWriteLoadHoldsEveryAcknowledgedWriteAndKeepsTheLoadsP99() {
        TestBackend.each(self) { backend, database, directory in
            // The online copy of a live file is SQLite's; PostgreSQL's answer is pg_dump (the test below).
            guard backend == .sqlite else { return }
            let slp = SLPBinary(database: database, now: nil)
            // Enough pages that each copy takes a while: the waiting population a service has.
            XCTAssertEqual(try slp.run("seed", "--users", "50000").status, 0)
            let server = try ServedSLP(slp)
            // A write refused for its pace is answered at once (429) and not sent again: the load never waits.
            let http = server.client
            let clients = 4
            // Per client: matched pairs writing to each other, and one person entering and leaving the
            // queue; enough pairs that each sender stays within its pace (5 messages a second) while
            // the client writes as fast as it is answered, so both windows measure writes, not 429s.
            let pairs = try (0..<clients).map { client in try (0..<Self.pairs).map { try APIPerson.matched(slp, http, block: 7100 + client, $0 * 2) } }
            let churners = try (0..<clients).map { try APIPerson.register(slp, http, block: 7200, $0) }

            let stop = Atomic<Bool>(false)
            let answers = Mutex<[Answer]>([])
            let load = DispatchGroup()
            for client in 0..<clients {
                load.enter()
                Thread {
                    defer { load.leave() }
                    var round = 0
                    while !stop.load(ordering: .relaxed) {
                        round += 1
                        let sent = Date()
                        let status: Int, text: String?
                        if round % 4 == 0 {
                            let churner = churners[client]
                            let entering = round % 8 == 0
                            status = (entering
                                ? try? http.form("POST", "/v1/queue", token: churner.token, "lat=37.5665&long=126.978&studylist=anything")
                                : try? http.send("DELETE", "/v1/queue", headers: [("idtoken", churner.token)]))?.status ?? -1
                            text = nil
                        } else {
                            let (a, b) = pairs[client][(round / 2) % Self.pairs]
                            let (from, to) = round % 2 == 0 ? (a, b) : (b, a)
                            text = "c\(client)-\(round)"
                            status = (try? http.form("POST", "/v1/chat/\(to.uid)", token: from.token, "chat=\(text!)"))?.status ?? -1
                        }
                        let answer = Answer(sent: sent, answered: Date(), status: status, text: text)
                        answers.withLock { $0.append(answer) }
                    }
                }.start()
            }
            defer { stop.store(true, ordering: .relaxed); load.wait() }

            // The load under way (every worker started and answering), then windows without a backup
            // around each backup (quiet, backup, quiet, backup, quiet), so that a quiet or a busy
            // moment of the machine falls on both kinds. Each quiet window lasts as long as the backup
            // before it took and holds `quietWrites` writes at least: both kinds have enough for a p99.
            while answers.withLock({ $0.count }) < 50 { Thread.sleep(forTimeInterval: 0.01) }
            var quiet: [(Date, Date)] = [], busy: [(Date, Date)] = []
            func loadAlone(for seconds: Double) {
                let start = Date(), already = answers.withLock { $0.count }
                Thread.sleep(forTimeInterval: seconds)
                while answers.withLock({ $0.count }) < already + Self.quietWrites { Thread.sleep(forTimeInterval: 0.01) }
                quiet.append((start, Date()))
            }
            var copies: [String] = []
            var acknowledged: Set<String> = []
            var lastBackup = Self.window
            for round in 0..<Self.rounds {
                loadAlone(for: lastBackup)
                let backupStart = Date()
                if round == 0 {
                    acknowledged = Set(answers.withLock { $0 }.filter { $0.status == 200 && $0.text != nil && $0.answered < backupStart }.map { $0.text! })
                }
                let copy = directory.path("copy-\(round).sqlite")
                let result = try slp.run("--json", "backup", copy)
                XCTAssertEqual(result.status, 0, result.stderr)
                copies.append(copy)
                busy.append((backupStart, Date()))
                lastBackup = max(Self.window, Date().timeIntervalSince(backupStart))
            }
            loadAlone(for: lastBackup)
            stop.store(true, ordering: .relaxed)
            load.wait()

            let all = answers.withLock { $0 }
            XCTAssertEqual(all.filter { $0.status != 200 && $0.status != 429 }.map(\.status), [], "every write answered 200 (or 429, its pace)")
            // Before: writes sent and answered inside a quiet window. During: every write that overlapped
            // a backup, however long it was held (one a backup blocked until it ended counts too).
            let answered = all.filter { $0.status == 200 }
            let before = answered.filter { answer in quiet.contains { answer.sent >= $0.0 && answer.answered <= $0.1 } }
                .map { $0.answered.timeIntervalSince($0.sent) }
            let during = answered.filter { answer in busy.contains { answer.sent < $0.1 && answer.answered > $0.0 } }
                .map { $0.answered.timeIntervalSince($0.sent) }
            XCTAssertGreaterThanOrEqual(before.count, 300, "enough writes before for a p99")
            XCTAssertGreaterThanOrEqual(during.count, 300, "enough writes during the backups for a p99")
            let p99Before = Self.p99(before), p99During = Self.p99(during)
            XCTAssertLessThanOrEqual(
                p99During, 2 * p99Before,
                "p99 \(p99Before * 1000) ms before, \(p99During * 1000) ms during \(copies.count) backups (\(before.count), \(during.count) writes)")

            // The first copy: whole, and every chat acknowledged before it began.
            let copy = try Database(path: copies[0], creation: .none)
            XCTAssertEqual(try copy.read { try $0.prepare("PRAGMA integrity_check").first { $0.text(0) } }, "ok")
            let stored = Set(try copy.read { try $0.prepare("SELECT chat FROM messages").map { $0.text(0) } })
            XCTAssertGreaterThan(acknowledged.count, 0)
            XCTAssertEqual(acknowledged.subtracting(stored), [], "acknowledged before the backup, missing from it")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.contains(".backup-") }, [])
            XCTAssertEqual(server.stop(), 0)
        }
    }

    /// The copy's pages go to the disk behind it as it is made, and it is flushed once, after its
    /// check: no flush a step, whose file-system journal commits the service's own flushes would
    /// queue behind. The database is made of many steps (32 pages each) so that a flush per step shows.
    func testABackupFlushesItsCopyOnceAndNotAtEachStep() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") else { throw MissingTool(name: "strace") }
        let directory = try TemporaryDirectory()
        var slp = SLPBinary(database: directory.path("slp.sqlite"))
        XCTAssertEqual(try slp.run("seed", "--users", "5000").status, 0)
        let calls = directory.path("flushes.txt")
        // -y names each call's file: only the copy's flushes count (not its directory's, nor the source's).
        slp.launcher = ["/usr/bin/strace", "-f", "-qq", "-y", "-o", calls, "-e", "trace=fsync,fdatasync"]
        let copy = directory.path("copy.sqlite")
        let result = try slp.run("backup", copy)
        XCTAssertEqual(result.status, 0, result.stderr)
        let flushes = try String(contentsOfFile: calls, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains(".copy.sqlite.backup-") }
            .map { $0.split(separator: "(").first.map { String($0.split(separator: " ").last ?? $0) } ?? "" }
        XCTAssertEqual(flushes, ["fsync"], "the copy's flushes")
    }

    /// Names in `directory` that a backup's temporary file would have.
    private static func leftovers(_ directory: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.contains(".backup-") }
    }

    func testAFileThatExistsIsRefusedAndLeftAsItWasAndPostgreSQLIsToldPGDump() {
        TestBackend.each(self) { backend, database, directory in
            let slp = SLPBinary(database: database)
            XCTAssertEqual(try slp.run("seed", "--users", "10").status, 0)
            let taken = directory.path("taken.sqlite")
            try Data("yesterday's backup".utf8).write(to: URL(fileURLWithPath: taken))
            let result = try slp.run("backup", taken)
            if backend == .sqlite {
                XCTAssertEqual(result, .init(stdout: "", stderr: "Error: \(taken) exists already; a backup never overwrites a file\n", status: 73))
            } else {
                XCTAssertEqual(result, .init(stdout: "", stderr: """
                    Error: slp backup copies a SQLite file; back up a PostgreSQL database with pg_dump: pg_dump --format=custom --file=slp.dump "$SLP_DB"

                    """, status: 64))
                let fresh = directory.path("fresh.sqlite")
                XCTAssertEqual(try slp.run("--json", "backup", fresh).status, 64)
                XCTAssertFalse(FileManager.default.fileExists(atPath: fresh), "nothing written on PostgreSQL")
            }
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: taken)), Data("yesterday's backup".utf8))
            XCTAssertEqual(try Self.leftovers(directory), [])
        }
    }

    func testABackupOfAFileThatIsNoDatabaseFailsWithNothingLeftBehind() throws {
        // The database named as a file: SQLite's case on any build.
        let directory = try TemporaryDirectory()
        let notes = directory.path("notes.txt")
        try Data("not a database\n".utf8).write(to: URL(fileURLWithPath: notes))
        let copy = directory.path("copy.sqlite")
        let result = try SLPBinary(database: notes).run("--json", "backup", copy)
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(result.stderr.contains("\"code\":\"not_slp_database\""), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted(), ["notes.txt"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: notes)), Data("not a database\n".utf8))
    }

    /// DEPLOY.md's restore lines, run as written: serve stopped, the copy put back, serve
    /// started again answers from it (a message sent after the backup is gone, one before is there).
    func testTheRestoreStepsOfDEPLOYBringBackTheCopy() throws {
        let directory = try TemporaryDirectory()
        let database = directory.path("slp.sqlite"), backup = directory.path("backup.sqlite")
        let slp = SLPBinary(database: database, now: nil)
        var server = try ServedSLP(slp)
        let (a, b) = try APIPerson.matched(slp, server.client, block: 7300, 0)
        _ = try a.send(server.client, to: b, "kept")
        XCTAssertEqual(try slp.run("backup", backup).status, 0)
        _ = try a.send(server.client, to: b, "after")
        XCTAssertEqual(server.stop(), 0)

        let steps = try Self.restoreSteps()
        let restore = try TimedProcess.run(
            ["/bin/sh", "-e", "-c", steps], environment: ["PATH": "/usr/bin:/bin", "SLP_DB": database, "BACKUP": backup])
        XCTAssertEqual(restore.status, 0, restore.stderrText)

        server = try ServedSLP(slp)
        let chat = try server.client.get("/v1/chat/\(b.uid)", token: a.token)
        XCTAssertEqual(chat.status, 200, chat.text)
        XCTAssertTrue(chat.text.contains("\"kept\""), chat.text)
        XCTAssertFalse(chat.text.contains("\"after\""), chat.text)
        XCTAssertEqual(server.stop(), 0)
    }

    /// The `sh` block of DEPLOY.md's "Backups" that restores (the one that writes `$SLP_DB`).
    private static func restoreSteps() throws -> String {
        var directory = URL(fileURLWithPath: #filePath)
        while directory.path != "/" {
            directory.deleteLastPathComponent()
            guard let text = try? String(contentsOf: directory.appendingPathComponent("docs/DEPLOY.md"), encoding: .utf8) else { continue }
            let section = try XCTUnwrap(text.components(separatedBy: "## Backups").dropFirst().first)
            let blocks = section.components(separatedBy: "```sh\n").dropFirst().map { $0.components(separatedBy: "```").first ?? "" }
            return try XCTUnwrap(blocks.first { $0.contains("mv \"$SLP_DB.restoring\"") })
        }
        throw HTTPTestError("docs/DEPLOY.md not found above \(#filePath)")
    }
}
