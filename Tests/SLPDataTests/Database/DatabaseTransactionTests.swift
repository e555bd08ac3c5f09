import CSQLite
import Foundation
@testable import SLPData
import SLPDomain
import XCTest

final class DatabaseTransactionTests: TemporaryDirectoryTestCase {
    private var database: Database!

    override func setUpWithError() throws {
        try super.setUpWithError()
        database = try Database(path: path())
        try database.write { try $0.execute("CREATE TABLE scratch (value TEXT NOT NULL)") }
    }

    override func tearDownWithError() throws {
        database = nil
        try super.tearDownWithError()
    }

    private func count(_ database: Database) throws -> Int64? {
        try database.read { try $0.integer("SELECT count(*) FROM scratch") }
    }

    func testWriteCommitsAndReturnsTheBodysResult() throws {
        let result = try database.write { connection -> Int64 in
            try connection.prepare("INSERT INTO scratch VALUES (?)").run(["one"])
            XCTAssertTrue(connection.isInTransaction)
            return connection.lastInsertRowID
        }
        XCTAssertEqual(result, 1)
        XCTAssertFalse(database.isInTransaction)
        XCTAssertEqual(try count(database), 1)
        // Committed: a second connection sees it.
        let other = try Database(path: path())
        XCTAssertEqual(try count(other), 1)
    }

    func testThrowingBodyRollsBackEverything() throws {
        XCTAssertThrowsError(try database.write { connection in
            try connection.prepare("INSERT INTO scratch VALUES (?)").run(["one"])
            try connection.prepare("INSERT INTO scratch VALUES (?)").run(["two"])
            throw PlannedFailure()
        }) { error in
            XCTAssertEqual(error as? PlannedFailure, PlannedFailure())
        }
        XCTAssertFalse(database.isInTransaction)
        XCTAssertEqual(try count(database), 0)
    }

    func testFailingStatementRollsBackEarlierStatements() throws {
        XCTAssertThrowsError(try database.write { connection in
            try connection.prepare("INSERT INTO scratch VALUES (?)").run(["one"])
            try connection.prepare("INSERT INTO scratch VALUES (?)").run([.null])  // NOT NULL
        }) { error in
            XCTAssertEqual((error as? SQLiteError)?.primaryCode, SQLITE_CONSTRAINT)
            XCTAssertEqual((error as? SQLiteError)?.storageFailureKind, .internal)
        }
        XCTAssertEqual(try count(database), 0)
        // The connection is usable afterwards.
        try database.write { try $0.prepare("INSERT INTO scratch VALUES ('ok')").run() }
        XCTAssertEqual(try count(database), 1)
    }

    func testDomainErrorsPassThroughUnchanged() {
        XCTAssertThrowsError(try database.write { _ in throw DomainError.alreadyRegistered }) { error in
            XCTAssertEqual(error as? DomainError, .alreadyRegistered)
        }
        XCTAssertFalse(database.isInTransaction)
    }

    func testReadSeesCommittedDataAndNotAnOpenWrite() throws {
        // Another process's connection, writing by hand.
        let writer = try Connection(path: path())
        try writer.prepare("INSERT INTO scratch VALUES ('committed')").run()
        XCTAssertEqual(try count(database), 1)

        try writer.execute("BEGIN IMMEDIATE")
        try writer.prepare("INSERT INTO scratch VALUES ('pending')").run()
        // WAL: readers are not blocked by the writer and see the last committed state.
        XCTAssertEqual(try count(database), 1)
        let values = try database.read { try $0.prepare("SELECT value FROM scratch").map { $0.text(0) } }
        XCTAssertEqual(values, ["committed"])
        try writer.execute("COMMIT")
        XCTAssertEqual(try count(database), 2)
    }

    func testBusyWriterIsRetriedThenReportedAsBusy() throws {
        let holder = try Connection(path: path())
        let impatient = try Database(
            path: path(), policy: RetryPolicy(busyTimeoutMilliseconds: 50, maxAttempts: 2, initialBackoffMilliseconds: 1))
        try holder.execute("BEGIN IMMEDIATE")
        try holder.prepare("INSERT INTO scratch VALUES ('holder')").run()

        let started = Date()
        XCTAssertThrowsError(try impatient.write { try $0.prepare("INSERT INTO scratch VALUES ('impatient')").run() }) { error in
            guard let error = error as? SQLiteError else { return XCTFail("expected SQLiteError, got \(error)") }
            XCTAssertTrue(error.isBusy)
            XCTAssertEqual(error.primaryCode, SQLITE_BUSY)
            XCTAssertEqual(error.storageFailureKind, .busy)
        }
        // Two attempts, each waiting about 50 ms for the lock.
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.075)
        XCTAssertFalse(impatient.isInTransaction)

        try holder.execute("COMMIT")
        try impatient.write { try $0.prepare("INSERT INTO scratch VALUES ('impatient')").run() }
        let values = try impatient.read { try $0.prepare("SELECT value FROM scratch ORDER BY rowid").map { $0.text(0) } }
        XCTAssertEqual(values, ["holder", "impatient"])
    }

    /// The holder commits only once the waiter has said it is about to write (and a moment more,
    /// which only makes it likelier that the waiter is inside SQLite's wait by then: had it not
    /// begun yet, it finds the lock free, and the outcome checked is the same).
    func testBusyWriterSucceedsWhenTheLockIsReleasedDuringItsWait() throws {
        let holderPath = path()
        let released = expectation(description: "holder committed")
        let holding = DispatchSemaphore(value: 0), writing = DispatchSemaphore(value: 0)
        Thread {
            do {
                let holder = try Connection(path: holderPath)
                try holder.execute("BEGIN IMMEDIATE")
                try holder.prepare("INSERT INTO scratch VALUES ('holder')").run()
                holding.signal()
                writing.wait()
                usleep(50_000)
                try holder.execute("COMMIT")
            } catch {
                XCTFail("holder failed: \(error)")
                holding.signal()
            }
            released.fulfill()
        }.start()
        holding.wait()
        writing.signal()
        // The default policy waits up to 5 s for the lock: the write goes through once it is free.
        try database.write { try $0.prepare("INSERT INTO scratch VALUES ('waiter')").run() }
        wait(for: [released], timeout: 120)
        let values = try database.read { try $0.prepare("SELECT value FROM scratch ORDER BY rowid").map { $0.text(0) } }
        XCTAssertEqual(values, ["holder", "waiter"])
    }

    /// The pauses between tries: the first doubled each time, capped at a second, never overflowing
    /// however many tries (the figure the test below once bounded with a stopwatch).
    /// What `slp serve --metrics` shows of each process: transactions retried, and given up.
    func testRetriesAndGivingUpAreCounted() {
        struct Transient: Error {}
        let policy = RetryPolicy(busyTimeoutMilliseconds: 1, maxAttempts: 3, initialBackoffMilliseconds: 1)
        let retries = DatabaseRetryCounts.retries.load(ordering: .relaxed), failures = DatabaseRetryCounts.failures.load(ordering: .relaxed)
        var calls = 0
        XCTAssertEqual(try policy.run(retrying: { $0 is Transient }) { () throws -> Int in
            calls += 1
            if calls < 3 { throw Transient() }
            return calls
        }, 3)
        XCTAssertThrowsError(try policy.run(retrying: { $0 is Transient }) { () throws -> Int in throw Transient() })
        XCTAssertEqual(DatabaseRetryCounts.retries.load(ordering: .relaxed) - retries, 4, "two before the success, two before giving up")
        XCTAssertEqual(DatabaseRetryCounts.failures.load(ordering: .relaxed) - failures, 1)
    }

    func testBackoffDoublesUpToASecondAndNeverOverflows() {
        let policy = RetryPolicy(busyTimeoutMilliseconds: 1, maxAttempts: 12, initialBackoffMilliseconds: 1)
        XCTAssertEqual((1...12).map { policy.longestBackoffMilliseconds(after: $0) }, [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1_000, 1_000])
        XCTAssertEqual(policy.longestBackoffMilliseconds(after: 64), 1_000)
        XCTAssertEqual(policy.longestBackoffMilliseconds(after: .max), 1_000)
        XCTAssertEqual(RetryPolicy(initialBackoffMilliseconds: 0).longestBackoffMilliseconds(after: 1), 1, "at least a millisecond")
        XCTAssertEqual(RetryPolicy(initialBackoffMilliseconds: .max).longestBackoffMilliseconds(after: 3), 1_000)
    }

    // Regression: the doubled backoff overflowed after many attempts and crashed.
    func testManyAttemptsWithAShortTimeoutEndBusyWithoutCrashing() throws {
        let holder = try Connection(path: path())
        let impatient = try Database(
            path: path(), policy: RetryPolicy(busyTimeoutMilliseconds: 1, maxAttempts: 12, initialBackoffMilliseconds: 1))
        try holder.execute("BEGIN IMMEDIATE")
        try holder.prepare("INSERT INTO scratch VALUES ('holder')").run()
        let started = Date()
        var attempts = 0
        XCTAssertThrowsError(try impatient.write { connection in
            attempts += 1
            try connection.prepare("INSERT INTO scratch VALUES ('impatient')").run()
        }) { error in
            XCTAssertEqual((error as? SQLiteError)?.isBusy, true, "\(error)")
            XCTAssertEqual((error as? StorageFailure)?.storageFailureKind, .busy)
        }
        // The first try (reading before its turn) runs the body up to its insert, which another
        // writer's lock refuses; then BEGIN IMMEDIATE itself is refused every time, so the body
        // never runs again. The pauses are bounded by design
        // (`testBackoffDoublesUpToASecondAndNeverOverflows`); this bound only says it ends rather
        // than waiting on the lock for good.
        XCTAssertEqual(attempts, 1)
        XCTAssertLessThan(Date().timeIntervalSince(started), 60)
        XCTAssertFalse(impatient.isInTransaction)
        try holder.execute("ROLLBACK")
        try impatient.write { try $0.prepare("INSERT INTO scratch VALUES ('impatient')").run() }
        XCTAssertEqual(try count(impatient), 1)
    }
}
