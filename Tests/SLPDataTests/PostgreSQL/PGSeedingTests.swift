#if PostgreSQL
import Foundation
@testable import SLPData
import SLPDomain
import SLPPrivateCluster
import SLPTestSupport
import XCTest

/// Seeding a database a service is answering from: the seed's one transaction must not lock
/// the service's readers out while it copies.
final class PGSeedingTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_795_253_400.125)

    /// While the seed copies the queue (its transaction open, the users already copied), another
    /// session reads a user's situation, which joins the queue: it is answered at once, with the
    /// seed not yet visible, instead of waiting on a lock until its lock timeout ends it.
    func testAUserIsReadWhileASeedCopiesTheQueue() throws {
        let cluster = try PrivateCluster.shared()
        let uri = try cluster.freshDatabase()
        let database = try PGDatabase(uri: uri)
        let storage = PGStorage(database: database)
        let uid = try UserID("Reader")
        XCTAssertTrue(try storage.write { try $0.insert(.stub(uid: "Reader")) })
        // A reader that would give up after one second of waiting on a lock.
        let reader = PGStorage(database: try PGDatabase(
            uri: uri, policy: RetryPolicy(busyTimeoutMilliseconds: 1_000, maxAttempts: 1, initialBackoffMilliseconds: 1)))
        var readDuringCopy: Result<PartySnapshot?, any Error>?
        let seed = SeedPopulationUseCase(population: PGPopulationRepository(database: database), clock: StoppedClock(now))
        try seed(try SeedOptions(count: 50, seed: 5)) { _ in } fractionDone: { fraction in
            // The users' COPY reports 0.3 to 0.6, the queue's 0.6 to 0.9: this is inside the queue's.
            guard readDuringCopy == nil, fraction > 0.5, fraction < 0.9 else { return }
            readDuringCopy = Result { try reader.situation(of: uid) }
        }
        let snapshot = try XCTUnwrap(try XCTUnwrap(readDuringCopy, "the seed reported from its queue stage").get())
        XCTAssertEqual(snapshot.user.uid, uid)
        XCTAssertEqual(try cluster.query("SELECT count(*) FROM slp.queue", on: uri), [["50"]], "the seed committed after the read")
    }
}
#endif
