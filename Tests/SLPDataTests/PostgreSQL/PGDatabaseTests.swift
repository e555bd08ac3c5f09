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
}
#endif
