import Foundation
import SLPDomain
import XCTest

final class QueueStateUseCaseTests: MatchUseCaseTestCase {
    func testAnUnknownUserIsNotRegistered() {
        XCTAssertThrowsDomainError(try queueState(me: ghost), .notRegistered)
    }

    func testGeneralAndWaiting() throws {
        database.queue[a.uid] = nil
        let general = try queueState(me: a.uid)
        XCTAssertEqual(general.status, .general)
        XCTAssertFalse(general.dodged)
        XCTAssertFalse(general.reviewed)
        XCTAssertNil(general.partner)
        let waiting = try queueState(me: b.uid)
        XCTAssertEqual(waiting.status, .waiting)
        XCTAssertNil(waiting.partner)
    }

    func testMatchedThenDodgedByThePartner() throws {
        try matchAB()
        let matched = try queueState(me: b.uid)
        XCTAssertEqual(matched.status, .matched)
        XCTAssertEqual(matched.partner, card(a))
        XCTAssertFalse(matched.dodged)
        XCTAssertFalse(matched.reviewed)
        _ = try dodge(me: a.uid)
        let dodged = try queueState(me: b.uid)
        XCTAssertEqual(dodged.status, .matched, "still my current match until I move on")
        XCTAssertTrue(dodged.dodged)
        XCTAssertFalse(dodged.reviewed)
        XCTAssertEqual(try queueState(me: a.uid).status, .general, "the dodger is out of the match and the queue")
    }

    func testAWithdrawnPartnerCountsAsDodged() throws {
        try matchAB()
        XCTAssertTrue(try users.remove(uid: b.uid))
        let state = try queueState(me: a.uid)
        XCTAssertEqual(state.status, .matched)
        XCTAssertTrue(state.dodged)
        XCTAssertNil(state.partner)
    }

    func testReviewedByThePartner() throws {
        try matchAB()
        _ = try review(me: b.uid, partner: a.uid, titles: [.kind], comment: nil)
        let state = try queueState(me: a.uid)
        XCTAssertEqual(state.status, .matched)
        XCTAssertTrue(state.reviewed)
        XCTAssertFalse(state.dodged)
        XCTAssertEqual(state.partner, card(b))
    }
}
