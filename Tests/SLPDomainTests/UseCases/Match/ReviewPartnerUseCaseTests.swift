import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class ReviewPartnerUseCaseTests: MatchUseCaseTestCase {
    func testNoTitleIsInvalidBeforeStorageIsTouched() throws {
        try matchAB()
        var error: DomainError?
        XCTAssertEqual(try storage.transactions(during: {
            error = XCTAssertThrowsInvalid(try review(me: a.uid, partner: b.uid, titles: [], comment: "좋았어요"), code: "no_title")
        }), [])
        XCTAssertInvalidMessage(error, "choose at least one of the six titles")
        XCTAssertEqual(try stored(b).comments, [])
    }

    func testACommentOf501CharactersIsInvalidAnd500IsFine() throws {
        try matchAB()
        XCTAssertEqual(try storage.transactions(during: {
            XCTAssertThrowsInvalid(
                try review(me: a.uid, partner: b.uid, titles: [.kind], comment: String(repeating: "가", count: 501)), code: "invalid_comment")
            XCTAssertThrowsInvalid(try review(me: a.uid, partner: b.uid, titles: [.kind], comment: "a\u{0}"), code: "invalid_comment")
        }), [])
        let long = String(repeating: "가", count: 500)
        XCTAssertEqual(try review(me: a.uid, partner: b.uid, titles: [.kind], comment: long), card(b))
        XCTAssertEqual(try stored(b).comments, [long])
    }

    func testTitlesAreCountedAndAnEmptyCommentIsNone() throws {
        try matchAB()
        XCTAssertEqual(try review(me: a.uid, partner: b.uid, titles: [.goodManners, .helpful], comment: ""), card(b))
        XCTAssertEqual(try stored(b).reputation.counts, [1, 0, 0, 0, 0, 1])
        XCTAssertEqual(try stored(b).comments, [], "an empty comment adds nothing")
        XCTAssertEqual(try review(me: b.uid, partner: a.uid, titles: [.punctual], comment: nil), card(a))
        XCTAssertEqual(try stored(a).reputation.counts, [0, 1, 0, 0, 0, 0])
        XCTAssertEqual(try stored(a).comments, [])
    }

    func testAnUnknownOrStrangePartnerIsNotMine() throws {
        XCTAssertThrowsDomainError(try review(me: a.uid, partner: ghost, titles: [.kind], comment: nil), .notPartner)
        XCTAssertThrowsDomainError(try review(me: a.uid, partner: b.uid, titles: [.kind], comment: nil), .notPartner)  // no match at all
        XCTAssertThrowsDomainError(try review(me: ghost, partner: a.uid, titles: [.kind], comment: nil), .notRegistered)
        try matchAB()
        XCTAssertThrowsDomainError(try review(me: a.uid, partner: c.uid, titles: [.kind], comment: nil), .notPartner)
        XCTAssertThrowsDomainError(try review(me: a.uid, partner: a.uid, titles: [.kind], comment: nil), .notPartner)
        XCTAssertEqual(try stored(c).reputation, .none)
        XCTAssertEqual(try stored(a).reputation, .none)
    }

    func testReviewingEndsMyMatchOnceAndResetsMyDodges() throws {
        try store(a) { $0.dodgeCount = 2 }
        try matchAB()
        XCTAssertEqual(try storage.transactions(during: {
            _ = try review(me: a.uid, partner: b.uid, titles: [.skilled], comment: "최고")
        }), ["write"])
        XCTAssertEqual(try stored(a).dodgeCount, 0)
        XCTAssertNil(try database.currentMatch(of: a.uid))
        let mine = try XCTUnwrap(try database.latestMatch(of: a.uid))
        XCTAssertEqual(mine.myEnding, .reviewed)
        XCTAssertTrue(mine.iReviewed)
        XCTAssertEqual(database.matches.first?.endedAt, now)
        XCTAssertEqual(try database.currentMatch(of: b.uid)?.partnerEnding, .reviewed)
        XCTAssertEqual(try queueState(me: b.uid).reviewed, true)
        XCTAssertThrowsDomainError(try review(me: a.uid, partner: b.uid, titles: [.kind], comment: nil), .alreadyReviewed)
        XCTAssertEqual(try stored(b).reputation.counts, [0, 0, 0, 0, 1, 0])
        XCTAssertEqual(try stored(b).comments, ["최고"])
    }

    func testMyPartnerMayStillReviewMeAfterIDid() throws {
        try matchAB()
        _ = try review(me: a.uid, partner: b.uid, titles: [.kind], comment: nil)
        XCTAssertEqual(try review(me: b.uid, partner: a.uid, titles: [.helpful], comment: "고마워요"), card(a))
        XCTAssertEqual(try stored(a).comments, ["고마워요"])
        XCTAssertEqual(try database.latestMatch(of: b.uid)?.myEnding, .reviewed)
        XCTAssertThrowsDomainError(try review(me: b.uid, partner: a.uid, titles: [.kind], comment: nil), .alreadyReviewed)
    }

    /// Once per match, not once per partner: the same two matched again may review each other again.
    func testOneReviewPerMatch() throws {
        try matchAB()
        _ = try review(me: a.uid, partner: b.uid, titles: [.kind], comment: "1")
        XCTAssertThrowsDomainError(try review(me: a.uid, partner: b.uid, titles: [.kind], comment: "again"), .alreadyReviewed)
        _ = try review(me: b.uid, partner: a.uid, titles: [.kind], comment: nil)
        for user in [a!, b!] { _ = try enterQueue(me: user.uid, latitude: 37.5665, longitude: 126.978, studies: []) }
        try matchAB()
        XCTAssertEqual(try review(me: a.uid, partner: b.uid, titles: [.kind], comment: "2"), card(b))
        XCTAssertEqual(try stored(b).reputation.counts, [0, 0, 0, 2, 0, 0])
        XCTAssertEqual(try stored(b).comments, ["1", "2"])
        XCTAssertEqual(try ShowUserUseCase(storage: storage).record(of: a.uid).reviewed, [b.uid], "each reviewed user is listed once")
        XCTAssertThrowsDomainError(try review(me: a.uid, partner: b.uid, titles: [.kind], comment: nil), .alreadyReviewed)
    }

    func testAfterMyDodgeICanStillReviewButMyDodgesStay() throws {
        try matchAB()
        _ = try dodge(me: a.uid)
        _ = try review(me: a.uid, partner: b.uid, titles: [.quickReply], comment: nil)
        XCTAssertEqual(try stored(a).dodgeCount, 1, "a dodged match does not reset the count")
        XCTAssertEqual(try database.latestMatch(of: a.uid)?.myEnding, .dodged, "my ending stays a dodge")
        XCTAssertEqual(try database.latestMatch(of: a.uid)?.iReviewed, true)
        XCTAssertEqual(try stored(b).reputation.counts, [0, 0, 1, 0, 0, 0])
        XCTAssertNotNil(try stored(a).dodgePenaltyUntil, "nor the penalty")
    }
}
