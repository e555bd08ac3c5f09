import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class ReportUserUseCaseTests: MatchUseCaseTestCase {
    func testReportingMyselfIsInvalidAndTouchesNothing() {
        XCTAssertThrowsInvalid(try report(me: a.uid, other: a.uid, reason: .rude, comment: nil), code: "invalid_partner")
        XCTAssertEqual(matches.calls, [])
        XCTAssertEqual(stored(a).reportedCount, 0)
    }

    func testATooLongCommentIsInvalidAndTouchesNothing() {
        XCTAssertThrowsInvalid(
            try report(me: a.uid, other: b.uid, reason: .rude, comment: String(repeating: "x", count: 501)), code: "invalid_comment")
        XCTAssertEqual(matches.calls, [])
    }

    func testAReportIsRecordedOncePerPairAndVoidsOpenRequests() throws {
        _ = try request(me: b.uid, other: a.uid)
        _ = try request(me: b.uid, other: c.uid)
        XCTAssertEqual(try report(me: a.uid, other: b.uid, reason: .noShow, comment: ""), card(b))
        XCTAssertEqual(database.reports, [.init(from: a.uid, to: b.uid, reason: .noShow, comment: nil)], "an empty comment is none")
        XCTAssertEqual(stored(b).reportedCount, 1)
        XCTAssertEqual(database.requests, [RequestRow(from: b.uid, to: c.uid)])
        XCTAssertThrowsDomainError(try report(me: a.uid, other: b.uid, reason: .rude, comment: nil), .alreadyReported)
        XCTAssertEqual(stored(b).reportedCount, 1)
        XCTAssertThrowsDomainError(try request(me: b.uid, other: a.uid), .otherNotSearching)  // a reported pair never meets again
    }

    func testTheThirdReportBarsFromTheQueue() throws {
        let d = User.stub(uid: "D", phone: "010-1000-0004", nick: "디")
        try users.add(d)
        placeInQueue(d)
        _ = try report(me: a.uid, other: d.uid, reason: .abuse, comment: "욕설")
        _ = try report(me: b.uid, other: d.uid, reason: .abuse, comment: nil)
        XCTAssertTrue(waiting.contains(d.uid))
        _ = try report(me: c.uid, other: d.uid, reason: .obscene, comment: nil)
        XCTAssertFalse(waiting.contains(d.uid))
        XCTAssertEqual(stored(d).reportedCount, 3)
        XCTAssertEqual(database.reports.map(\.comment), ["욕설", nil, nil])
    }
}
