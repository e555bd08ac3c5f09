import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class RequestStudyUseCaseTests: MatchUseCaseTestCase {
    func testRequestingMyselfIsInvalidAndTouchesNothing() {
        XCTAssertThrowsInvalid(try request(me: a.uid, other: a.uid), code: "invalid_partner")
        XCTAssertEqual(matches.calls, [])
    }

    func testAnUnknownUserIsNotSearching() {
        XCTAssertThrowsDomainError(try request(me: a.uid, other: ghost), .otherNotSearching)
        XCTAssertTrue(database.requests.isEmpty)
    }

    func testAnUnknownRequesterIsNotRegistered() {
        XCTAssertThrowsDomainError(try request(me: ghost, other: a.uid), .notRegistered)
    }

    func testARequestOpensAndTheOtherSidesRequestMatchesAtOnce() throws {
        let first = try request(me: a.uid, other: b.uid)
        XCTAssertEqual(first, MatchOutcome(decision: .openRequest, partner: card(b)))
        XCTAssertFalse(first.isMatched)
        XCTAssertEqual(database.requests, [RequestRow(from: a.uid, to: b.uid)])
        XCTAssertEqual(try request(me: a.uid, other: b.uid), first, "asking again keeps the one request")
        XCTAssertEqual(database.requests, [RequestRow(from: a.uid, to: b.uid)])
        _ = try request(me: c.uid, other: a.uid)

        let second = try request(me: b.uid, other: a.uid)
        XCTAssertEqual(second, MatchOutcome(decision: .match, partner: card(a)))
        XCTAssertTrue(second.isMatched)
        XCTAssertEqual(waiting, [c.uid], "both matched users left the queue")
        XCTAssertTrue(database.requests.isEmpty, "every open request of either is dropped")
        let mine = try matches.snapshot(of: a.uid)
        XCTAssertEqual(mine.current, MatchView(partnerUID: b.uid, partner: card(b), myEnding: nil, partnerEnding: nil, iReviewed: false, isCurrent: true, startedAt: now))
        XCTAssertTrue(mine.isMatched)
        XCTAssertEqual(try matches.snapshot(of: b.uid).current?.partner, card(a))
    }

    func testRefusalsWhileMatchedOrNotWaiting() throws {
        database.queue[c.uid] = nil
        XCTAssertThrowsDomainError(try request(me: a.uid, other: c.uid), .otherNotSearching)
        XCTAssertThrowsDomainError(try request(me: c.uid, other: a.uid), .notSearching)
        try matchAB()
        XCTAssertThrowsDomainError(try request(me: a.uid, other: c.uid), .alreadyMatched(status: 201))
        placeInQueue(c)
        XCTAssertThrowsDomainError(try request(me: c.uid, other: a.uid), .otherNotSearching)
        XCTAssertTrue(database.requests.isEmpty)
    }
}

final class AcceptStudyUseCaseTests: MatchUseCaseTestCase {
    func testAcceptingMyselfIsInvalidAndTouchesNothing() {
        XCTAssertThrowsInvalid(try accept(me: a.uid, other: a.uid), code: "invalid_partner")
        XCTAssertEqual(matches.calls, [])
    }

    func testAnUnknownUserIsNotSearching() {
        XCTAssertThrowsDomainError(try accept(me: a.uid, other: ghost), .otherNotSearching)
    }

    func testWithoutAnOpenRequestThereIsNothingToAccept() throws {
        _ = try request(me: a.uid, other: b.uid)
        XCTAssertThrowsDomainError(try accept(me: a.uid, other: b.uid), .noRequest)  // my own request cannot be accepted by me
        XCTAssertEqual(waiting, [a.uid, b.uid, c.uid])
        XCTAssertNil(try matches.snapshot(of: a.uid).current)
    }

    func testAcceptMatchesBothAndDropsEveryOpenRequest() throws {
        _ = try request(me: a.uid, other: b.uid)
        _ = try request(me: c.uid, other: b.uid)
        _ = try request(me: a.uid, other: c.uid)
        let outcome = try accept(me: b.uid, other: a.uid)
        XCTAssertEqual(outcome, MatchOutcome(decision: .match, partner: card(a)))
        XCTAssertEqual(waiting, [c.uid])
        XCTAssertTrue(database.requests.isEmpty)
        XCTAssertEqual(try matches.snapshot(of: b.uid).current?.partner, card(a))
        XCTAssertEqual(try matches.snapshot(of: a.uid).current?.partner, card(b))
        XCTAssertEqual(try matches.snapshot(of: a.uid).current?.startedAt, now)
    }

    func testTheOtherMatchedSomeoneElse() throws {
        _ = try request(me: a.uid, other: c.uid)
        try matchAB()
        XCTAssertThrowsDomainError(try accept(me: c.uid, other: a.uid), .otherMatched)
        XCTAssertThrowsDomainError(try accept(me: a.uid, other: c.uid), .alreadyMatched(status: 203))
    }
}
