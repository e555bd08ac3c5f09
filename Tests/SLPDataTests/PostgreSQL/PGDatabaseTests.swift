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

    func testTheServerClockIsMeasuredWhenConnecting() throws {
        let database = try PGDatabase(uri: try PrivateCluster.shared().freshDatabase())
        // The server runs on this machine: one clock, so the measured difference is tiny.
        XCTAssertLessThan(abs(database.serverClockOffset), 0.05)
    }
}
#endif
