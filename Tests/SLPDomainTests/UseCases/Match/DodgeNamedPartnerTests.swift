import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// `POST /v1/queue/dodge` names the partner (`otheruid`), who must be my partner.
final class DodgeNamedPartnerTests: MatchUseCaseTestCase {
    func testDodgingMyPartnerByNameIsTheDodge() throws {
        try matchAB()
        let (decision, match) = try dodge(me: a.uid, partner: b.uid)
        XCTAssertEqual(decision, DodgeDecision(dodgeCount: 1, penaltyUntil: now.addingTimeInterval(60)))
        XCTAssertEqual(match.partnerUID, b.uid)
        XCTAssertEqual(try database.latestMatch(of: a.uid)?.myEnding, .dodged)
    }

    func testAWrongPartnerIsNotPartnerAndChangesNothing() throws {
        try matchAB()
        let matchesBefore = database.matches, eventsBefore = database.events
        for wrong in [c.uid, ghost, a.uid] {
            XCTAssertThrowsDomainError(try dodge(me: a.uid, partner: wrong), .notPartner)
        }
        XCTAssertEqual(database.matches, matchesBefore, "the match goes on")
        XCTAssertEqual(database.events, eventsBefore, "nobody is told")
        XCTAssertEqual(try stored(a).dodgeCount, 0)
        XCTAssertNil(try stored(a).dodgePenaltyUntil)
        XCTAssertEqual(database.penaltyNoticeDue, [:])
        XCTAssertEqual(try database.currentMatch(of: a.uid)?.partnerUID, b.uid)
    }

    func testNamingAnyoneWithoutAMatchIsNotPartner() {
        XCTAssertThrowsDomainError(try dodge(me: a.uid, partner: b.uid), .notPartner)
        XCTAssertThrowsDomainError(try dodge(me: ghost, partner: a.uid), .notRegistered)
    }
}
