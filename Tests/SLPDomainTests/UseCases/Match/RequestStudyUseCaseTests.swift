import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class RequestStudyUseCaseTests: MatchUseCaseTestCase {
    func testRequestingMyselfIsInvalidAndTouchesNothing() {
        XCTAssertThrowsInvalid(try request(me: a.uid, other: a.uid), code: "invalid_partner")
        XCTAssertEqual(storage.transactions, [])
    }

    func testAnUnknownUserIsNotFound() {
        XCTAssertThrowsDomainError(try request(me: a.uid, other: ghost), .userNotFound)
        XCTAssertTrue(database.requests.isEmpty)
    }

    func testAnUnknownRequesterIsNotRegistered() {
        XCTAssertThrowsDomainError(try request(me: ghost, other: a.uid), .notRegistered)
        XCTAssertTrue(database.requests.isEmpty)
    }

    func testARequestOpensAndTheOtherSidesRequestMatchesAtOnce() throws {
        let first = try request(me: a.uid, other: b.uid)
        XCTAssertEqual(first, MatchOutcome(decision: .openRequest, partner: card(b)))
        XCTAssertFalse(first.isMatched)
        XCTAssertEqual(database.requests, [RequestRow(from: a.uid, to: b.uid)])
        let again = try request(me: a.uid, other: b.uid)
        XCTAssertEqual(again, MatchOutcome(decision: .requestAlreadyOpen, partner: card(b)), "asking again says it was already sent")
        XCTAssertTrue(again.wasAlreadyRequested)
        XCTAssertFalse(again.isMatched)
        XCTAssertEqual(database.requests, [RequestRow(from: a.uid, to: b.uid)], "asking again keeps the one request")
        XCTAssertEqual(database.eventKinds(of: b.uid).map(\.name), ["request"], "and tells B only once")
        XCTAssertTrue(database.matches.isEmpty)
        _ = try request(me: c.uid, other: a.uid)
        _ = try request(me: b.uid, other: c.uid)

        let second = try request(me: b.uid, other: a.uid)
        XCTAssertEqual(second, MatchOutcome(decision: .match, partner: card(a)))
        XCTAssertTrue(second.isMatched)
        XCTAssertEqual(waiting, [c.uid], "both matched users left the queue")
        XCTAssertTrue(database.requests.isEmpty, "every open request from or to either is void")
        let mine = try XCTUnwrap(try database.currentMatch(of: a.uid))
        XCTAssertEqual(mine, MatchView(id: 1, partnerUID: b.uid, partner: card(b), myEnding: nil, partnerEnding: nil, iReviewed: false, isCurrent: true, startedAt: now))
        XCTAssertTrue(mine.isActive)
        XCTAssertEqual(try database.currentMatch(of: b.uid)?.partner, card(a))
        XCTAssertEqual(database.matches.count, 1, "one match for the pair")
    }

    func testAMutualRequestIsOneWrite() throws {
        _ = try request(me: a.uid, other: b.uid)
        XCTAssertEqual(try storage.transactions(during: { _ = try request(me: b.uid, other: a.uid) }), ["write"])
    }

    func testMatchingLeavesBehindAMatchThePartnerEnded() throws {
        try matchAB()
        _ = try dodge(me: b.uid)
        // A waits again without having left the ended match (a plain storage write).
        try placeInQueue(a)
        XCTAssertEqual(try database.currentMatch(of: a.uid)?.partnerEnding, .dodged)
        _ = try request(me: c.uid, other: a.uid)
        XCTAssertTrue(try request(me: a.uid, other: c.uid).isMatched)
        XCTAssertEqual(try database.currentMatch(of: a.uid)?.partner, card(c))
        XCTAssertEqual(try database.latestMatch(of: a.uid)?.id, 2)
        XCTAssertEqual(database.matches[0].members.map(\.isCurrent), [false, false], "the old match is left behind by both")
    }

    func testRefusalsWhileMatchedOrNotWaiting() throws {
        _ = try storage.write { try $0.removeFromQueue(c.uid) }
        XCTAssertThrowsDomainError(try request(me: a.uid, other: c.uid), .otherNotSearching)
        XCTAssertThrowsDomainError(try request(me: c.uid, other: a.uid), .notSearching)
        try matchAB()
        XCTAssertThrowsDomainError(try request(me: a.uid, other: c.uid), .alreadyMatched)
        try placeInQueue(c)
        XCTAssertThrowsDomainError(try request(me: c.uid, other: a.uid), .otherNotSearching)
        XCTAssertTrue(database.requests.isEmpty)
    }
}
