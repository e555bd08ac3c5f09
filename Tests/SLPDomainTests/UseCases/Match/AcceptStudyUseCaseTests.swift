import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class AcceptStudyUseCaseTests: MatchUseCaseTestCase {
    func testAcceptingMyselfIsInvalidAndTouchesNothing() {
        XCTAssertThrowsInvalid(try accept(me: a.uid, other: a.uid), code: "invalid_partner")
        XCTAssertEqual(storage.transactions, [])
    }

    func testAnUnknownUserIsNotFound() {
        XCTAssertThrowsDomainError(try accept(me: a.uid, other: ghost), .userNotFound)
        XCTAssertThrowsDomainError(try accept(me: ghost, other: a.uid), .notRegistered)
    }

    func testWithoutAnOpenRequestThereIsNothingToAccept() throws {
        _ = try request(me: a.uid, other: b.uid)
        XCTAssertThrowsDomainError(try accept(me: a.uid, other: b.uid), .noRequest)  // my own request cannot be accepted by me
        XCTAssertEqual(waiting, [a.uid, b.uid, c.uid])
        XCTAssertNil(try database.currentMatch(of: a.uid))
        XCTAssertEqual(database.requests, [RequestRow(from: a.uid, to: b.uid)], "a refusal changes nothing")
    }

    func testAcceptMatchesBothAndDropsEveryOpenRequest() throws {
        _ = try request(me: a.uid, other: b.uid)
        _ = try request(me: c.uid, other: b.uid)
        _ = try request(me: a.uid, other: c.uid)
        let outcome = try accept(me: b.uid, other: a.uid)
        XCTAssertEqual(outcome, MatchOutcome(decision: .match, partner: card(a)))
        XCTAssertTrue(outcome.isMatched)
        XCTAssertEqual(waiting, [c.uid])
        XCTAssertTrue(database.requests.isEmpty)
        XCTAssertEqual(try database.currentMatch(of: b.uid)?.partner, card(a))
        XCTAssertEqual(try database.currentMatch(of: a.uid)?.partner, card(b))
        XCTAssertEqual(try database.currentMatch(of: a.uid)?.startedAt, now)
        XCTAssertEqual(try database.currentMatch(of: a.uid)?.isActive, true)
    }

    func testAcceptingIsOneWrite() throws {
        _ = try request(me: a.uid, other: b.uid)
        XCTAssertEqual(try storage.transactions(during: { _ = try accept(me: b.uid, other: a.uid) }), ["write"])
    }

    func testTheOtherMatchedSomeoneElse() throws {
        _ = try request(me: a.uid, other: c.uid)
        _ = try request(me: c.uid, other: b.uid)
        // A's request to C is void once A matches B; to C, A is simply matched elsewhere.
        try matchAB()
        XCTAssertThrowsDomainError(try accept(me: c.uid, other: a.uid), .otherMatched)
        XCTAssertThrowsDomainError(try accept(me: a.uid, other: c.uid), .alreadyMatched)
        XCTAssertTrue(database.requests.isEmpty)
    }

    func testAReportedPairCannotMatch() throws {
        // Only partners may report: C once studied with B, then with A; all three wait again.
        try meetAndPart(c, b)
        try meetAndPart(a, c)
        _ = try request(me: a.uid, other: b.uid)
        _ = try report(me: c.uid, other: b.uid, reason: .rude, comment: nil)
        _ = try request(me: c.uid, other: a.uid)
        _ = try report(me: a.uid, other: c.uid, reason: .rude, comment: nil)
        XCTAssertThrowsDomainError(try accept(me: a.uid, other: c.uid), .otherNotSearching)
        XCTAssertEqual(try accept(me: b.uid, other: a.uid).decision, .match, "a report by someone else does not matter")
    }
}
