import Foundation
import SLPDomain
import XCTest

final class DodgeMatchUseCaseTests: MatchUseCaseTestCase {
    func testWithoutAMatchThereIsNothingToDodge() throws {
        XCTAssertThrowsDomainError(try dodge(me: a.uid), .notPartner)
        XCTAssertThrowsDomainError(try dodge(me: ghost), .notRegistered)
        XCTAssertNil(stored(a).dodgePenaltyUntil)
    }

    func testTheDecisionComesBackWithTheMatchAsItWas() throws {
        try matchAB()
        let (decision, match) = try dodge(me: a.uid)
        XCTAssertEqual(decision, DodgeDecision(dodgeCount: 1, penaltyUntil: now.addingTimeInterval(60)))
        XCTAssertEqual(match, MatchView(partnerUID: b.uid, partner: card(b), myEnding: nil, partnerEnding: nil, iReviewed: false, isCurrent: true, startedAt: now))
        XCTAssertEqual(stored(a).dodgeCount, 1)
        XCTAssertEqual(stored(a).dodgePenaltyUntil, now.addingTimeInterval(60))
        XCTAssertEqual(database.matches.first?.endedAt, now)

        let partner = try matches.snapshot(of: b.uid)
        XCTAssertEqual(partner.current?.partnerEnding, .dodged)
        XCTAssertFalse(partner.isMatched)
        XCTAssertThrowsDomainError(try dodge(me: a.uid), .notPartner)  // once is enough
    }

    func testLeavingAMatchMyPartnerDodgedIsFree() throws {
        try matchAB()
        _ = try users.update(uid: b.uid) { $0.dodgeCount = 2 }
        _ = try dodge(me: a.uid)
        let (decision, match) = try dodge(me: b.uid)
        XCTAssertEqual(decision, DodgeDecision(dodgeCount: 2, penaltyUntil: nil))
        XCTAssertEqual(match.partnerEnding, .dodged)
        XCTAssertNil(stored(b).dodgePenaltyUntil)
        XCTAssertEqual(stored(b).dodgeCount, 2)
    }

    func testRepeatedDodgesCostMore() throws {
        _ = try users.update(uid: a.uid) { $0.dodgeCount = 1 }
        try matchAB()
        XCTAssertEqual(try dodge(me: a.uid).0, DodgeDecision(dodgeCount: 2, penaltyUntil: now.addingTimeInterval(120)))
    }
}
