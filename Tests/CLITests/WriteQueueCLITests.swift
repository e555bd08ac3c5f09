import Foundation
import SLPData
import XCTest

/// `slp` processes writing one SQLite file take turns in the order they arrive, and a writer
/// killed with SIGKILL, while writing or while waiting for its turn, holds up nobody. Each
/// writer is started once the queue (its lock file, read with `WriteQueue.observe`) shows the
/// one before it waiting: no guessed sleeps. The holders: a thread of this test holding a
/// write, or `slp seed` stopped with SIGSTOP in the middle of its one long transaction.
final class WriteQueueCLITests: XCTestCase {
    /// Bounds on waiting for readiness and exits, which a machine five times slower meets.
    private static let bound = 120.0

    private func queue(_ path: String) -> (drawn: UInt64, held: [UInt64]) {
        WriteQueue.observe(databasePath: path) ?? (0, [])
    }

    private func waitUntil(_ what: String, _ condition: () -> Bool, file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(Self.bound)
        while !condition() {
            guard Date() < deadline else { return XCTFail("never: \(what)", file: file, line: line) }
            usleep(1_000)
        }
    }

    private func registration(_ number: Int) -> [String] {
        ["--json", "register", "--phone", "010-7000-\(1_000 + number)", "--nick", "q\(number)", "--birth", "1990-01-01",
         "--email", "q\(number)@example.com", "--gender", "male"]
    }

    /// The registered people's numbers (of `registration`) in the order their rows were written.
    private func registered(_ path: String) throws -> [Int] {
        let connection = try Connection(path: path, readOnly: true)
        return try connection.prepare("SELECT phone FROM users ORDER BY id").map { Int($0.text(0).suffix(4))! - 1_000 }
    }

    /// A new database with person 0 registered.
    private func newDatabase(in directory: TemporaryDirectory) throws -> (String, SLPBinary) {
        let path = directory.path("slp.sqlite")
        let slp = SLPBinary(database: path)
        let first = try slp.run(registration(0))
        XCTAssertEqual(first.status, 0, first.stderr)
        return (path, slp)
    }

    /// `slp seed` stopped (SIGSTOP) while it holds its turn, in its one transaction; its ticket.
    private func stoppedSeed(_ slp: SLPBinary, _ path: String) throws -> (BackgroundSLP, UInt64) {
        let ticket = queue(path).drawn
        let seed = try BackgroundSLP(slp, ["seed", "--users", "50000"])
        waitUntil("the seed writes") { queue(path).held.contains(ticket) || !seed.isRunning }
        seed.signal(SIGSTOP)
        XCTAssertEqual(queue(path).held, [ticket], "stopped in its transaction: \(seed.stderr)")
        return (seed, ticket)
    }

    func testWritersTakeTurnsInTheOrderTheyArrive() throws {
        let directory = try TemporaryDirectory()
        let (path, slp) = try newDatabase(in: directory)
        let release = DispatchSemaphore(value: 0)
        let holding = DispatchGroup()
        let holder = queue(path).drawn
        holding.enter()
        Thread {
            defer { holding.leave() }
            do {
                try Database(path: path).write { connection in
                    // A write (that changes nothing) takes the turn; then it is held.
                    try connection.execute("UPDATE users SET nick = nick WHERE 0")
                    release.wait()
                }
            } catch {
                XCTFail("holder: \(error)")
            }
        }.start()
        waitUntil("the holder has its turn") { queue(path).held == [holder] }

        var writers: [BackgroundSLP] = []
        for number in 1...6 {
            writers.append(try BackgroundSLP(slp, registration(number)))
            waitUntil("writer \(number) waits for its turn") { queue(path).held.contains(holder + UInt64(number)) }
        }
        release.signal()
        holding.wait()
        for (index, writer) in writers.enumerated() {
            XCTAssertEqual(writer.exit(within: Self.bound), 0, "writer \(index + 1): \(writer.stderr)")
        }
        XCTAssertEqual(try registered(path), Array(0...6), "rows written in the order the writers arrived")
        XCTAssertEqual(queue(path).held, [])
    }

    func testAWriterKilledWhileWritingOrWaitingHoldsUpNobody() throws {
        let directory = try TemporaryDirectory()
        let (path, slp) = try newDatabase(in: directory)
        let (seed, holder) = try stoppedSeed(slp, path)
        var writers: [BackgroundSLP] = []
        for number in 1...3 {
            writers.append(try BackgroundSLP(slp, registration(number)))
            waitUntil("writer \(number) waits for its turn") { queue(path).held.contains(holder + UInt64(number)) }
        }
        // Writer 2 dies waiting; then the holder dies writing: the kernel drops both their locks.
        _ = writers[1].kill9()
        waitUntil("writer 2's ticket is free") { !queue(path).held.contains(holder + 2) }
        XCTAssertEqual(queue(path).held, [holder, holder + 1, holder + 3])
        _ = seed.kill9()
        for number in [1, 3] {
            XCTAssertEqual(writers[number - 1].exit(within: Self.bound), 0, "writer \(number): \(writers[number - 1].stderr)")
        }
        XCTAssertEqual(try registered(path), [0, 1, 3], "the seed's transaction rolled back; the living writers in order")
        let connection = try Connection(path: path, readOnly: true)
        XCTAssertEqual(try connection.prepare("PRAGMA integrity_check").first { $0.text(0) }, "ok")
        XCTAssertEqual(queue(path).held, [])
    }

    func testAWriterWhoseTurnNeverComesEndsBusy() throws {
        let directory = try TemporaryDirectory()
        let (path, slp) = try newDatabase(in: directory)
        let (seed, _) = try stoppedSeed(slp, path)
        // It waits as long as its retries would have waited for SQLite's lock (6 × 5 s), then gives up.
        let stuck = try slp.run(registration(1))
        XCTAssertEqual(stuck.status, 75, stuck.stderr)
        XCTAssertEqual(try stuck.jsonError()["code"] as? String, "database_busy")
        XCTAssertEqual(
            stuck.errorLines, ["Error: the database is still busy: the writers ahead kept \(path) for more than 30 s"])
        _ = seed.kill9()
        let later = try slp.run(registration(1))
        XCTAssertEqual(later.status, 0, later.stderr)
        XCTAssertEqual(try registered(path), [0, 1])
    }
}
