import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// SLP's apps accept after a request that, on slp, already matched the two: accepting the
/// partner I am matched with is that match again, for every caller, as asking again is the
/// request again. Anyone else is still `already_matched`.
final class AcceptMyPartnerAgainTests: MatchUseCaseTestCase {
    /// B asks A, then A asks B: slp matches them at once (as SLP answered 201).
    private func matchedByRequests() throws {
        _ = try request(me: b.uid, other: a.uid)
        XCTAssertTrue(try request(me: a.uid, other: b.uid).isMatched)
    }

    func testAcceptingMyCurrentPartnerIsThatMatchUnchangedAndToldToNobody() throws {
        try matchedByRequests()
        let matches = database.matches, events = database.events, users = database.users, queue = database.queue
        let match = try XCTUnwrap(try database.currentMatch(of: a.uid))

        let outcome = try accept(me: a.uid, other: b.uid)
        XCTAssertEqual(outcome, MatchOutcome(decision: .alreadyTogether, partner: card(b)))
        XCTAssertTrue(outcome.isMatched)
        XCTAssertTrue(outcome.wasAlreadyMatched)
        XCTAssertEqual(try database.currentMatch(of: a.uid), match, "the same match")
        XCTAssertEqual(database.matches, matches)
        XCTAssertEqual(database.events, events, "no event")
        XCTAssertEqual(database.users, users)
        XCTAssertEqual(database.queue, queue)
        // Either side may confirm, any number of times.
        XCTAssertEqual(try accept(me: b.uid, other: a.uid), MatchOutcome(decision: .alreadyTogether, partner: card(a)))
        XCTAssertEqual(try accept(me: b.uid, other: a.uid), MatchOutcome(decision: .alreadyTogether, partner: card(a)))
        XCTAssertEqual(database.matches, matches)
        XCTAssertEqual(database.events, events)
    }

    func testAcceptingSomeoneElseIsStillAlreadyMatched() throws {
        try matchedByRequests()
        XCTAssertThrowsDomainError(try accept(me: a.uid, other: c.uid), .alreadyMatched)
        XCTAssertEqual(try database.currentMatch(of: a.uid)?.partnerUID, b.uid)
    }

    func testAMatchMyPartnerLeftIsNotConfirmed() throws {
        try matchedByRequests()
        _ = try dodge(me: b.uid)
        XCTAssertThrowsError(try accept(me: a.uid, other: b.uid), "a dodged match is over")
        XCTAssertEqual(try database.currentMatch(of: a.uid)?.isActive, false)
    }

    func testAnOpenRequestIsAcceptedAsUsual() throws {
        _ = try request(me: b.uid, other: a.uid)
        let outcome = try accept(me: a.uid, other: b.uid)
        XCTAssertEqual(outcome, MatchOutcome(decision: .match, partner: card(b)))
        XCTAssertEqual(try database.currentMatch(of: a.uid)?.partnerUID, b.uid)
        XCTAssertEqual(database.matches.count, 1)
        XCTAssertFalse(database.eventKinds(of: b.uid).isEmpty, "a new match is told")
    }
}
