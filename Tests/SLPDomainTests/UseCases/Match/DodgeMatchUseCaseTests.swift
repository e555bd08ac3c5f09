import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class DodgeMatchUseCaseTests: MatchUseCaseTestCase {
    func testWithoutAMatchThereIsNothingToDodge() throws {
        XCTAssertThrowsDomainError(try dodge(me: a.uid), .notPartner)
        XCTAssertThrowsDomainError(try dodge(me: ghost), .notRegistered)
        XCTAssertNil(try stored(a).dodgePenaltyUntil)
        XCTAssertEqual(try stored(a).dodgeCount, 0)
        XCTAssertEqual(database.penaltyNoticeDue, [:])
    }

    func testTheDecisionComesBackWithTheMatchAsItWas() throws {
        try matchAB()
        let (decision, match) = try dodge(me: a.uid)
        XCTAssertEqual(decision, DodgeDecision(dodgeCount: 1, penaltyUntil: now.addingTimeInterval(60)))
        XCTAssertEqual(
            match, MatchView(id: 1, partnerUID: b.uid, partner: card(b), myEnding: nil, partnerEnding: nil, iReviewed: false, isCurrent: true, startedAt: now))
        XCTAssertEqual(try stored(a).dodgeCount, 1)
        XCTAssertEqual(try stored(a).dodgePenaltyUntil, now.addingTimeInterval(60))
        XCTAssertEqual(database.matches.first?.endedAt, now)
        XCTAssertEqual(try database.latestMatch(of: a.uid)?.myEnding, .dodged)
        XCTAssertNil(try database.currentMatch(of: a.uid), "the dodger moves on at once")

        let partners = try XCTUnwrap(try database.currentMatch(of: b.uid))
        XCTAssertEqual(partners.partnerEnding, .dodged)
        XCTAssertFalse(partners.isActive, "my partner is no longer matched")
        XCTAssertThrowsDomainError(try dodge(me: a.uid), .notPartner)  // once is enough
    }

    func testTheEndOfThePenaltyIsDueToBeTold() throws {
        try matchAB()
        let (decision, _) = try dodge(me: a.uid)
        XCTAssertEqual(database.penaltyNoticeDue, [a.uid: now.addingTimeInterval(60)])
        XCTAssertEqual(database.penaltyNoticeDue[a.uid], decision.penaltyUntil)
    }

    func testLeavingAMatchMyPartnerDodgedIsFree() throws {
        try matchAB()
        try store(b) { $0.dodgeCount = 2 }
        _ = try dodge(me: a.uid)
        let (decision, match) = try dodge(me: b.uid)
        XCTAssertEqual(decision, DodgeDecision(dodgeCount: 2, penaltyUntil: nil))
        XCTAssertEqual(match.partnerEnding, .dodged)
        XCTAssertNil(try stored(b).dodgePenaltyUntil)
        XCTAssertEqual(try stored(b).dodgeCount, 2)
        XCTAssertNil(database.penaltyNoticeDue[b.uid], "no penalty, nothing to tell")
        XCTAssertNil(try database.currentMatch(of: b.uid), "leaving it moves me on")
    }

    func testLeavingAMatchMyPartnerFinishedWithAReviewIsFree() throws {
        try matchAB()
        _ = try review(me: b.uid, partner: a.uid, titles: [.kind], comment: nil)
        XCTAssertEqual(try dodge(me: a.uid).0, DodgeDecision(dodgeCount: 0, penaltyUntil: nil))
        XCTAssertNil(try stored(a).dodgePenaltyUntil)
    }

    func testRepeatedDodgesCostMore() throws {
        try store(a) { $0.dodgeCount = 1 }
        try matchAB()
        XCTAssertEqual(try dodge(me: a.uid).0, DodgeDecision(dodgeCount: 2, penaltyUntil: now.addingTimeInterval(120)))
    }

    /// A dodges four matches in a row, queueing again each time the penalty is over: 1, 2, 3,
    /// then 3 minutes, each refusing the queue until its very end.
    func testConsecutiveDodgesCostOneTwoThreeThenThreeMinutes() throws {
        for (round, minutes) in [(1, 1), (2, 2), (3, 3), (4, 3)] {
            try matchAB()
            let (decision, _) = try dodge(me: a.uid)
            let end = now.addingTimeInterval(TimeInterval(minutes * 60))
            XCTAssertEqual(decision, DodgeDecision(dodgeCount: round, penaltyUntil: end), "dodge \(round)")
            XCTAssertEqual(try stored(a).dodgeCount, round)
            XCTAssertEqual(try stored(a).dodgePenaltyUntil, end)
            XCTAssertEqual(database.penaltyNoticeDue[a.uid], end)

            now = end.addingTimeInterval(-1)
            XCTAssertThrowsDomainError(
                try enterQueue(me: a.uid, latitude: 37.5665, longitude: 126.978, studies: []),
                .dodgePenalty(level: min(round, 3), secondsLeft: 1))
            now = end
            _ = try enterQueue(me: a.uid, latitude: 37.5665, longitude: 126.978, studies: [])
            _ = try enterQueue(me: b.uid, latitude: 37.5665, longitude: 126.978, studies: [])
        }
    }

    func testAMatchFinishedWithAReviewResetsTheCount() throws {
        try store(a) { $0.dodgeCount = 2 }
        try matchAB()
        _ = try review(me: a.uid, partner: b.uid, titles: [.punctual], comment: nil)
        XCTAssertEqual(try stored(a).dodgeCount, 0)
        _ = try enterQueue(me: a.uid, latitude: 37.5665, longitude: 126.978, studies: [])
        _ = try enterQueue(me: b.uid, latitude: 37.5665, longitude: 126.978, studies: [])
        try matchAB()
        XCTAssertEqual(try dodge(me: a.uid).0, DodgeDecision(dodgeCount: 1, penaltyUntil: now.addingTimeInterval(60)),
                       "the next dodge is a first one again")
    }

    func testDodgingIsOneWriteAndARefusalChangesNothing() throws {
        try matchAB()
        XCTAssertEqual(try storage.transactions(during: { _ = try dodge(me: a.uid) }), ["write"])
        let (users, matches, due) = (database.users, database.matches, database.penaltyNoticeDue)
        XCTAssertThrowsDomainError(try dodge(me: a.uid), .notPartner)
        XCTAssertEqual(database.users, users)
        XCTAssertEqual(database.matches, matches)
        XCTAssertEqual(database.penaltyNoticeDue, due)
    }
}
