#if PostgreSQL
import Foundation
@testable import SLPData
import SLPDomain
import SLPTestSupport
import SLPPrivateCluster
import XCTest

final class PGDatabaseTests: XCTestCase {
    func testALockHeldLongerThanEveryRetryIsBusyAndChangesNothing() throws {
        let uri = try PrivateCluster.shared().freshDatabase()
        let policy = RetryPolicy(busyTimeoutMilliseconds: 50, maxAttempts: 2, initialBackoffMilliseconds: 1)
        let storage = PGStorage(database: try PGDatabase(uri: uri, policy: policy))
        let holder = try PGConnection(uri: uri)
        try holder.execute("BEGIN")
        try holder.execute("LOCK TABLE slp.users IN ACCESS EXCLUSIVE MODE")
        XCTAssertThrowsError(try storage.write { try $0.insert(.stub(uid: "HeldBack")) }) { error in
            XCTAssertEqual((error as? any StorageFailure)?.storageFailureKind, .busy, "\(error)")
            XCTAssertTrue((error as? any StorageFailure)?.storageFailureMessage.hasPrefix("the database is still busy after retrying: ") == true)
        }
        try holder.execute("ROLLBACK")
        XCTAssertNil(try storage.read { try $0.user(UserID("HeldBack")) })
        XCTAssertTrue(try storage.write { try $0.insert(.stub(uid: "HeldBack")) }, "usable once the lock is gone")
    }

    /// The server runs on this machine: one clock. The offset is the server's time minus the
    /// middle of the round trip that asked for it, so it can be off by at most half that round
    /// trip, which lies inside the connect the test times around it: a bound from the measurement
    /// itself, whatever the machine's speed. (The figure itself: `slp-bench --postgres`.)
    func testTheServerClockIsMeasuredWhenConnecting() throws {
        let uri = try PrivateCluster.shared().freshDatabase()
        let before = Date()
        let database = try PGDatabase(uri: uri)
        let connect = Date().timeIntervalSince(before)
        XCTAssertLessThanOrEqual(abs(database.serverClockOffset), connect / 2 + 0.001, "offset \(database.serverClockOffset) s, connect \(connect) s")
    }

    /// A read is one read-only snapshot, a statement that fails (the first or a later one) fails
    /// the read, and the connection serves the next read and write: what any way of sending a
    /// read's BEGIN and COMMIT (one round trip each, or pipelined) must keep.
    func testAReadIsOneSnapshotAndFailsWithItsStatement() throws {
        let uri = try PrivateCluster.shared().freshDatabase()
        let database = try PGDatabase(uri: uri)
        let other = try PGConnection(uri: uri)
        try other.execute("CREATE TABLE slp.counted (n int)")
        let setting = "SELECT current_setting('transaction_isolation'), current_setting('transaction_read_only'), $1::int"
        // Three times: unprepared, prepared then, prepared already.
        for run in 1...3 {
            let settings = try database.read { try $0.execute(setting, [run]).first { [$0.text(0), $0.text(1), $0.text(2)] } }
            XCTAssertEqual(settings, ["repeatable read", "on", "\(run)"])
        }
        let counts = try database.read { connection in
            let before = try connection.execute("SELECT count(*) FROM counted").first { $0.int(0) }
            try other.execute("INSERT INTO slp.counted VALUES (1)")
            return [before, try connection.execute("SELECT count(*) FROM counted").first { $0.int(0) }]
        }
        XCTAssertEqual(counts, [0, 0], "both statements see the snapshot the first took")
        for _ in 1...3 {
            XCTAssertThrowsError(try database.read { try $0.execute("SELECT 1 / $1::int", [0]) }) { error in
                XCTAssertEqual((error as? PGError)?.sqlState, "22012", "\(error)")
            }
            XCTAssertThrowsError(try database.read { connection in
                try connection.execute("SELECT 1")
                try connection.execute("SELECT 1 / $1::int", [0])
            })
            XCTAssertThrowsError(try database.read { try $0.execute("INSERT INTO counted VALUES (2)") }) { error in
                XCTAssertEqual((error as? PGError)?.sqlState, "25006", "read only: \(error)")
            }
        }
        XCTAssertEqual(try database.read { _ in 7 }, 7, "a read without statements")
        try database.write { try $0.execute("INSERT INTO counted VALUES (3)") }
        XCTAssertEqual(try database.read { try $0.execute("SELECT count(*) FROM counted").first { $0.int(0) } }, 2)
        XCTAssertEqual(try database.readOneStatement { try $0.execute("SELECT count(*) FROM counted").first { $0.int(0) } }, 2)
        // One statement on its own: no transaction begun around it.
        let isolation = "SELECT current_setting('transaction_isolation')"
        XCTAssertEqual(try database.read { try $0.execute(isolation).first { $0.text(0) } }, "repeatable read")
        XCTAssertEqual(try database.readOneStatement { try $0.execute(isolation).first { $0.text(0) } }, "read committed")
    }

    /// A session ended after a read is found at the next use and opened again: the next read and
    /// the next write each run once, whole.
    func testASessionEndedAfterAReadIsOpenedAgainForTheNextReadAndWrite() throws {
        let uri = try PrivateCluster.shared().freshDatabase()
        let database = try PGDatabase(uri: uri)
        let other = try PGConnection(uri: uri)
        try other.execute("CREATE TABLE slp.counted (n int)")
        func endSession() throws {
            let pid = try database.read { try $0.execute("SELECT pg_backend_pid()").first { $0.int64(0) } } ?? 0
            XCTAssertEqual(try other.execute("SELECT pg_terminate_backend($1::int)", [pid]).first { $0.bool(0) }, true)
            // Ended once its backend has gone from the server's list.
            while try other.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = $1::int", [pid]).first({ $0.int(0) }) != 0 {
                usleep(10_000)
            }
        }
        try endSession()
        XCTAssertEqual(try database.read { try $0.execute("SELECT 5").first { $0.int(0) } }, 5)
        try endSession()
        try database.write { try $0.execute("INSERT INTO counted VALUES (1)") }
        XCTAssertEqual(try other.execute("SELECT count(*) FROM slp.counted").first { $0.int(0) }, 1)
        try endSession()
        XCTAssertEqual(try database.changeToken(), try database.changeToken())
    }
}
#endif
