import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

/// SLP's apps accept after a request that, on slp, already matched the two (the API's
/// `studyaccept` confirms the current partner); the command line keeps `already_matched` [203].
final class AcceptConfirmingPartnerTests: MatchUseCaseTestCase {
    /// B asks A, then A asks B: slp matches them at once (as SLP answered 201).
    private func matchedByRequests() throws {
        _ = try request(me: b.uid, other: a.uid)
        XCTAssertTrue(try request(me: a.uid, other: b.uid).isMatched)
    }

    func testAcceptingMyCurrentPartnerIsThatMatchUnchangedAndToldToNobody() throws {
        try matchedByRequests()
        let matches = database.matches, events = database.events, users = database.users, queue = database.queue
        let match = try XCTUnwrap(try database.currentMatch(of: a.uid))

        let outcome = try accept(me: a.uid, other: b.uid, confirmingCurrentPartner: true)
        XCTAssertEqual(outcome, MatchOutcome(decision: .match, partner: card(b)))
        XCTAssertTrue(outcome.isMatched)
        XCTAssertEqual(try database.currentMatch(of: a.uid), match, "the same match")
        XCTAssertEqual(database.matches, matches)
        XCTAssertEqual(database.events, events, "no event")
        XCTAssertEqual(database.users, users)
        XCTAssertEqual(database.queue, queue)
        // Either side may confirm, any number of times.
        XCTAssertEqual(try accept(me: b.uid, other: a.uid, confirmingCurrentPartner: true), MatchOutcome(decision: .match, partner: card(a)))
        XCTAssertEqual(database.matches, matches)
        XCTAssertEqual(database.events, events)
    }

    func testWithoutTheFlagMyCurrentPartnerIsAlreadyMatched() throws {
        try matchedByRequests()
        let events = database.events
        XCTAssertThrowsDomainError(try accept(me: a.uid, other: b.uid), .alreadyMatched(status: 203))
        XCTAssertThrowsDomainError(try accept(me: a.uid, other: b.uid, confirmingCurrentPartner: false), .alreadyMatched(status: 203))
        XCTAssertEqual(DomainError.alreadyMatched(status: 203).status, 203)
        XCTAssertEqual(database.events, events)
    }

    func testConfirmingSomeoneElseIsStillAlreadyMatched() throws {
        try matchedByRequests()
        XCTAssertThrowsDomainError(try accept(me: a.uid, other: c.uid, confirmingCurrentPartner: true), .alreadyMatched(status: 203))
        XCTAssertEqual(try database.currentMatch(of: a.uid)?.partnerUID, b.uid)
    }

    func testAMatchMyPartnerLeftIsNotConfirmed() throws {
        try matchedByRequests()
        _ = try dodge(me: b.uid)
        XCTAssertThrowsError(try accept(me: a.uid, other: b.uid, confirmingCurrentPartner: true), "a dodged match is over")
        XCTAssertEqual(try database.currentMatch(of: a.uid)?.isActive, false)
    }

    func testWithTheFlagAnOpenRequestIsAcceptedAsUsual() throws {
        _ = try request(me: b.uid, other: a.uid)
        let outcome = try accept(me: a.uid, other: b.uid, confirmingCurrentPartner: true)
        XCTAssertEqual(outcome, MatchOutcome(decision: .match, partner: card(b)))
        XCTAssertEqual(try database.currentMatch(of: a.uid)?.partnerUID, b.uid)
        XCTAssertEqual(database.matches.count, 1)
        XCTAssertFalse(database.eventKinds(of: b.uid).isEmpty, "a new match is told")
    }
}
