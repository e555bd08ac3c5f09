import Foundation
@testable import SLPData
import SLPDomain
import Synchronization
import XCTest

/// Writers of one file, each with a connection of its own (as separate processes have), take
/// turns in the order they arrive. A holder keeps its turn until the test lets it go, and each
/// next writer is started only once the queue shows its ticket: no guessed sleeps.
final class WriteQueueTests: TemporaryDirectoryTestCase {
    /// Waits for readiness are bounded only so that a broken queue fails instead of hanging.
    private static let readinessBound = 60.0

    override func setUpWithError() throws {
        try super.setUpWithError()
        let database = try Database(path: path())
        try database.write { try $0.execute("CREATE TABLE scratch (value TEXT NOT NULL)") }
    }

    private var queue: (drawn: UInt64, held: [UInt64]) {
        WriteQueue.observe(databasePath: path()) ?? (0, [])
    }

    /// Polls `condition` (every millisecond) until it holds; fails the test if it never does.
    private func waitUntil(_ what: String, _ condition: () -> Bool, file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(Self.readinessBound)
        while !condition() {
            guard Date() < deadline else { return XCTFail("never: \(what)", file: file, line: line) }
            usleep(1_000)
        }
    }

    /// A thread holding a write turn (and SQLite's write lock) until `release` is signalled.
    private func startHolder(release: DispatchSemaphore, done: DispatchGroup) throws -> UInt64 {
        let ticket = queue.drawn
        let holderPath = path()
        done.enter()
        Thread {
            defer { done.leave() }
            do {
                let holder = try Database(path: holderPath)
                try holder.write { connection in
                    try connection.prepare("INSERT INTO scratch VALUES ('holder')").run()
                    release.wait()
                }
            } catch {
                XCTFail("holder: \(error)")
            }
        }.start()
        waitUntil("the holder has its turn") { queue.held == [ticket] }
        return ticket
    }

    private func values() throws -> [String] {
        try Database(path: path()).read { try $0.prepare("SELECT value FROM scratch ORDER BY rowid").map { $0.text(0) } }
    }

    func testWritersTakeTurnsInTheOrderTheyArrive() throws {
        let release = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        let holder = try startHolder(release: release, done: done)
        let order = Mutex<[Int]>([])
        let writers = 6
        let databasePath = path()
        for writer in 1...writers {
            done.enter()
            Thread {
                defer { done.leave() }
                do {
                    let database = try Database(path: databasePath)
                    try database.write { connection in
                        try connection.prepare("INSERT INTO scratch VALUES (?)").run([.text("writer \(writer)")])
                        // Past its first write: in its turn (a first try refused there runs again).
                        order.withLock { $0.append(writer) }
                    }
                } catch {
                    XCTFail("writer \(writer): \(error)")
                }
            }.start()
            // The next one arrives only once this one waits in line with its ticket.
            waitUntil("writer \(writer) waits in the queue") { queue.held.contains(holder + UInt64(writer)) }
        }
        XCTAssertEqual(queue.held, Array(holder...(holder + UInt64(writers))), "the holder and every writer, each with its ticket")
        release.signal()
        done.wait()
        XCTAssertEqual(order.withLock { $0 }, Array(1...writers))
        XCTAssertEqual(try values(), ["holder"] + (1...writers).map { "writer \($0)" })
        XCTAssertEqual(queue.held, [], "every turn ended")
        XCTAssertEqual(queue.drawn, holder + UInt64(writers) + 1)
    }

    func testAWriterWhoseTurnDoesNotComeInTimeIsBusyAndHoldsUpNobody() throws {
        let release = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        let holder = try startHolder(release: release, done: done)
        let outcome = Mutex<Result<Bool, any Error>?>(nil)
        let impatientPath = path()
        done.enter()
        Thread {
            defer { done.leave() }
            let result = Result { () throws -> Bool in
                // Its wait in the queue is its busy timeout times its attempts: 1 s.
                let impatient = try Database(path: impatientPath, policy: RetryPolicy(busyTimeoutMilliseconds: 500, maxAttempts: 2))
                defer { XCTAssertFalse(impatient.isInTransaction) }
                try impatient.write { try $0.prepare("INSERT INTO scratch VALUES ('impatient')").run() }
                return true
            }
            outcome.withLock { $0 = result }
        }.start()
        waitUntil("the impatient writer waits") { queue.held.contains(holder + 1) }

        let patientPath = path()
        let patientDone = DispatchGroup()
        patientDone.enter()
        Thread {
            defer { patientDone.leave() }
            do {
                try Database(path: patientPath).write { try $0.prepare("INSERT INTO scratch VALUES ('patient')").run() }
            } catch {
                XCTFail("patient: \(error)")
            }
        }.start()
        waitUntil("the patient writer waits") { queue.held.contains(holder + 2) }
        XCTAssertTrue(queue.held.contains(holder + 1), "the patient writer queued behind the impatient one")

        waitUntil("the impatient writer gives up") { outcome.withLock { $0 != nil } }
        XCTAssertThrowsError(try outcome.withLock { $0 }?.get()) { error in
            XCTAssertEqual(error as? DatabaseError, .busy(path: self.path(), waited: .seconds(1)))
            XCTAssertEqual((error as? StorageFailure)?.storageFailureKind, .busy)
        }
        XCTAssertEqual(queue.held, [holder, holder + 2], "the ticket given up is free; the patient one still waits for the holder")
        release.signal()
        done.wait()
        patientDone.wait()
        XCTAssertEqual(try values(), ["holder", "patient"])
    }

    func testEachWriteDrawsOneTicketAtItsFirstWriteAndEndsItsTurn() throws {
        let database = try Database(path: path())
        let before = queue.drawn
        for value in ["a", "b", "c"] {
            try database.write { try $0.prepare("INSERT INTO scratch VALUES (?)").run([.text(value)]) }
        }
        XCTAssertEqual(queue.drawn, before + 3)
        XCTAssertThrowsError(try database.write { connection in
            try connection.prepare("INSERT INTO scratch VALUES ('d')").run()
            throw PlannedFailure()
        })
        XCTAssertEqual(queue.drawn, before + 4)
        XCTAssertEqual(queue.held, [], "a failed write ends its turn too")
        // A write that only reads, or fails before writing, takes no turn.
        XCTAssertEqual(try database.write { try $0.integer("SELECT count(*) FROM scratch") }, 3)
        XCTAssertThrowsError(try database.write { _ in throw PlannedFailure() })
        XCTAssertEqual(queue.drawn, before + 4)
    }

    func testAFirstTryRefusedItsTurnRunsAgainInItAndWritesOnce() throws {
        let release = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        let holder = try startHolder(release: release, done: done)
        let runs = Mutex(0)
        let waiterPath = path()
        done.enter()
        Thread {
            defer { done.leave() }
            do {
                try Database(path: waiterPath).write { connection in
                    runs.withLock { $0 += 1 }
                    // Reads first, as use cases do; then the write that takes the turn.
                    _ = try connection.integer("SELECT count(*) FROM scratch")
                    try connection.prepare("INSERT INTO scratch VALUES ('waiter')").run()
                }
            } catch {
                XCTFail("waiter: \(error)")
            }
        }.start()
        waitUntil("the waiter waits for its turn") { queue.held.contains(holder + 1) }
        XCTAssertEqual(runs.withLock { $0 }, 1, "its first try stopped at its write")
        release.signal()
        done.wait()
        XCTAssertEqual(runs.withLock { $0 }, 2, "then it ran again, in its turn")
        XCTAssertEqual(try values(), ["holder", "waiter"])
    }

    func testTheLockFileHasTheDatabasesPermissions() throws {
        let file = path("shared.sqlite")
        let descriptor = open(file, O_RDWR | O_CREAT | O_EXCL, 0o600)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        XCTAssertEqual(fchmod(descriptor, 0o640), 0)
        close(descriptor)
        // The first write (the schema) makes the lock file.
        _ = try Database(path: file)
        XCTAssertEqual(try permissions(file + "-lock"), 0o640)
    }

    func testReadsNeverMakeTheLockFile() throws {
        try FileManager.default.removeItem(atPath: path() + "-lock")
        let database = try Database(path: path())
        XCTAssertEqual(try database.integer("SELECT count(*) FROM scratch"), 0)
        XCTAssertEqual(try database.read { try $0.integer("SELECT count(*) FROM sqlite_schema") }.map { $0 > 0 }, true)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path() + "-lock"))
        try database.write { try $0.prepare("INSERT INTO scratch VALUES ('first write')").run() }
        XCTAssertTrue(FileManager.default.fileExists(atPath: path() + "-lock"))
    }
}
