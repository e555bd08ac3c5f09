import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class QueueStateUseCaseTests: MatchUseCaseTestCase {
    func testAnUnknownUserIsNotRegistered() {
        XCTAssertThrowsDomainError(try queueState(me: ghost), .notRegistered)
    }

    func testGeneralAndWaiting() throws {
        _ = try storage.write { try $0.removeFromQueue(a.uid) }
        let general = try queueState(me: a.uid)
        XCTAssertEqual(general.status, .general)
        XCTAssertFalse(general.dodged)
        XCTAssertFalse(general.reviewed)
        XCTAssertNil(general.partner)
        XCTAssertNil(general.partnerUID)
        let waiting = try queueState(me: b.uid)
        XCTAssertEqual(waiting.status, .waiting)
        XCTAssertNil(waiting.partner)
    }

    func testTheStateIsReadInOneReadTransaction() throws {
        try matchAB()
        XCTAssertEqual(try storage.transactions(during: { _ = try queueState(me: a.uid) }), ["read"])
    }

    func testMatchedThenDodgedByThePartner() throws {
        try matchAB()
        let matched = try queueState(me: b.uid)
        XCTAssertEqual(matched.status, .matched)
        XCTAssertEqual(matched.partner, card(a))
        XCTAssertEqual(matched.partnerUID, a.uid)
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
        try WithdrawUserUseCase(storage: storage, clock: StoppedClock(testNow))(me: b.uid)
        let state = try queueState(me: a.uid)
        XCTAssertEqual(state.status, .matched)
        XCTAssertTrue(state.dodged)
        XCTAssertNil(state.partner)
        XCTAssertEqual(state.partnerUID, b.uid, "the uid is kept to tell their messages from mine")
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
