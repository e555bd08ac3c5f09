import Foundation
import SLPDomain
import XCTest

final class ReviewPartnerUseCaseTests: MatchUseCaseTestCase {
    func testNoTitleIsInvalidBeforeStorageIsTouched() throws {
        try matchAB()
        let callsBefore = matches.calls
        let error = XCTAssertThrowsInvalid(try review(me: a.uid, partner: b.uid, titles: [], comment: "좋았어요"), code: "no_title")
        XCTAssertInvalidMessage(error, "choose at least one title: --good-manners, --punctual, --quick-reply, --kind, --skilled, --helpful")
        XCTAssertEqual(matches.calls, callsBefore)
        XCTAssertEqual(stored(b).comments, [])
    }

    func testACommentOf501CharactersIsInvalidAnd500IsFine() throws {
        try matchAB()
        let callsBefore = matches.calls
        XCTAssertThrowsInvalid(
            try review(me: a.uid, partner: b.uid, titles: [.kind], comment: String(repeating: "가", count: 501)), code: "invalid_comment")
        XCTAssertEqual(matches.calls, callsBefore)
        XCTAssertThrowsInvalid(try review(me: a.uid, partner: b.uid, titles: [.kind], comment: "a\u{0}"), code: "invalid_comment")
        let long = String(repeating: "가", count: 500)
        XCTAssertEqual(try review(me: a.uid, partner: b.uid, titles: [.kind], comment: long), card(b))
        XCTAssertEqual(stored(b).comments, [long])
    }

    func testTitlesAreCountedAndAnEmptyCommentIsNone() throws {
        try matchAB()
        XCTAssertEqual(try review(me: a.uid, partner: b.uid, titles: [.goodManners, .helpful], comment: ""), card(b))
        XCTAssertEqual(stored(b).reputation.counts, [1, 0, 0, 0, 0, 1])
        XCTAssertEqual(stored(b).comments, [], "an empty comment adds nothing")
        XCTAssertEqual(try review(me: b.uid, partner: a.uid, titles: [.punctual], comment: nil), card(a))
        XCTAssertEqual(stored(a).reputation.counts, [0, 1, 0, 0, 0, 0])
        XCTAssertEqual(stored(a).comments, [])
    }

    func testAnUnknownOrStrangePartnerIsNotMine() throws {
        XCTAssertThrowsDomainError(try review(me: a.uid, partner: ghost, titles: [.kind], comment: nil), .notPartner)
        XCTAssertThrowsDomainError(try review(me: a.uid, partner: b.uid, titles: [.kind], comment: nil), .notPartner)  // no match at all
        try matchAB()
        XCTAssertThrowsDomainError(try review(me: a.uid, partner: c.uid, titles: [.kind], comment: nil), .notPartner)
        XCTAssertThrowsDomainError(try review(me: a.uid, partner: a.uid, titles: [.kind], comment: nil), .notPartner)
        XCTAssertEqual(stored(c).reputation, .none)
    }

    func testReviewingEndsMyMatchOnceAndResetsMyDodges() throws {
        _ = try users.update(uid: a.uid) { $0.dodgeCount = 2 }
        try matchAB()
        _ = try review(me: a.uid, partner: b.uid, titles: [.skilled], comment: "최고")
        XCTAssertEqual(stored(a).dodgeCount, 0)
        let mine = try matches.snapshot(of: a.uid)
        XCTAssertNil(mine.current)
        XCTAssertEqual(mine.latest?.myEnding, .reviewed)
        XCTAssertEqual(mine.latest?.iReviewed, true)
        XCTAssertEqual(try matches.snapshot(of: b.uid).current?.partnerEnding, .reviewed)
        XCTAssertEqual(try queueState(me: b.uid).reviewed, true)
        XCTAssertThrowsDomainError(try review(me: a.uid, partner: b.uid, titles: [.kind], comment: nil), .alreadyReviewed)
        XCTAssertEqual(stored(b).reputation.counts, [0, 0, 0, 0, 1, 0])
        XCTAssertEqual(stored(b).comments, ["최고"])
    }

    func testAfterMyDodgeICanStillReviewButMyDodgesStay() throws {
        try matchAB()
        _ = try dodge(me: a.uid)
        _ = try review(me: a.uid, partner: b.uid, titles: [.quickReply], comment: nil)
        XCTAssertEqual(stored(a).dodgeCount, 1, "a dodged match does not reset the count")
        XCTAssertEqual(try matches.snapshot(of: a.uid).latest?.myEnding, .dodged, "my ending stays a dodge")
        XCTAssertEqual(stored(b).reputation.counts, [0, 0, 1, 0, 0, 0])
    }
}
