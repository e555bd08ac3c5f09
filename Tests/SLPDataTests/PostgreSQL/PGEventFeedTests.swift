#if PostgreSQL
import Foundation
@testable import SLPData
import SLPDomain
import SLPPrivateCluster
import SLPTestSupport
import XCTest

/// The realtime hub's feed on PostgreSQL, where an event's id is drawn before its transaction
/// commits: with the overlap forced, a later id that commits first is told first, and the earlier
/// one when it commits, each once.
final class PGEventFeedTests: XCTestCase {
    func testAnEventDrawnFirstAndCommittedLastIsStillToldOnce() throws {
        let cluster = try PrivateCluster.shared()
        let uri = try cluster.freshDatabase()
        let storage = PGStorage(database: try PGDatabase(uri: uri))
        for (uid, phone) in [("A", "010-1111-1111"), ("B", "010-2222-2222")] {
            XCTAssertTrue(try storage.write { try $0.insert(.stub(uid: uid, phone: phone)) })
        }
        let feed = try EventFeed(storage: PGStorage(database: try PGDatabase(uri: uri)))
        var attempts = 0
        var whileOpen: [AddressedEvent] = []
        try storage.write { transaction in
            attempts += 1
            try transaction.insertEvent(.penaltyOver, for: try UserID("A"), at: .now, forgettingBefore: .distantPast)
            guard attempts == 1 else { return }
            // The test's own session draws the next id and commits while this one is open.
            try cluster.query("""
                INSERT INTO slp.events (id, user_id, type, created_at)
                SELECT nextval('slp.event_ids'), id, 'penalty_over', 0 FROM slp.users WHERE uid = 'B'
                """, on: uri)
            whileOpen = try feed.next()
        }
        XCTAssertEqual(attempts, 1)
        let afterCommit = try feed.next()
        XCTAssertEqual(whileOpen.map(\.recipient.rawValue), ["B"])
        XCTAssertEqual(afterCommit.map(\.recipient.rawValue), ["A"])
        XCTAssertLessThan(try XCTUnwrap(afterCommit.first).event.id, try XCTUnwrap(whileOpen.first).event.id, "drawn first, committed last")
        XCTAssertEqual(try feed.next(), [])
    }
}
#endif
