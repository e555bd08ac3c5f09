import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class ReportUserUseCaseTests: MatchUseCaseTestCase {
    func testReportingMyselfIsInvalidAndTouchesNothing() throws {
        XCTAssertThrowsInvalid(try report(me: a.uid, other: a.uid, reason: .rude, comment: nil), code: "invalid_partner")
        XCTAssertEqual(storage.transactions, [])
        XCTAssertEqual(try stored(a).reportedCount, 0)
    }

    func testATooLongCommentIsInvalidAndTouchesNothing() {
        XCTAssertThrowsInvalid(
            try report(me: a.uid, other: b.uid, reason: .rude, comment: String(repeating: "x", count: 501)), code: "invalid_comment")
        XCTAssertEqual(storage.transactions, [])
        XCTAssertEqual(database.reports, [])
    }

    func testUnknownUsers() {
        XCTAssertThrowsDomainError(try report(me: ghost, other: a.uid, reason: .rude, comment: nil), .notRegistered)
        XCTAssertThrowsDomainError(try report(me: a.uid, other: ghost, reason: .rude, comment: nil), .userNotFound)
        XCTAssertEqual(database.reports, [])
    }

    func testAReportIsRecordedOncePerPairAndVoidsOpenRequests() throws {
        try meetAndPart(a, b)  // only a partner may report
        _ = try request(me: b.uid, other: a.uid)
        _ = try request(me: b.uid, other: c.uid)
        _ = try request(me: a.uid, other: c.uid)
        XCTAssertEqual(try report(me: a.uid, other: b.uid, reason: .noShow, comment: ""), card(b))
        XCTAssertEqual(database.reports, [.init(from: a.uid, to: b.uid, reason: .noShow, comment: nil)], "an empty comment is none")
        XCTAssertEqual(try stored(b).reportedCount, 1)
        XCTAssertEqual(database.requests, [RequestRow(from: b.uid, to: c.uid), RequestRow(from: a.uid, to: c.uid)],
                       "only the requests between the two are void")
        XCTAssertThrowsDomainError(try report(me: a.uid, other: b.uid, reason: .rude, comment: nil), .alreadyReported)
        XCTAssertEqual(try stored(b).reportedCount, 1)
        XCTAssertEqual(database.reports.count, 1)
        XCTAssertThrowsDomainError(try request(me: b.uid, other: a.uid), .otherNotSearching)  // a reported pair never meets again
        XCTAssertThrowsDomainError(try request(me: a.uid, other: b.uid), .otherNotSearching)
    }

    func testTheReportedUserMayReportBack() throws {
        try matchAB()
        _ = try report(me: a.uid, other: b.uid, reason: .rude, comment: nil)
        XCTAssertEqual(try report(me: b.uid, other: a.uid, reason: .rude, comment: "억울"), card(a))
        XCTAssertEqual(try stored(a).reportedCount, 1)
        XCTAssertEqual(try stored(b).reportedCount, 1)
    }

    func testTheThirdReportBarsFromTheQueue() throws {
        let d = User.stub(uid: "D", phone: "010-1000-0004", nick: "디")
        XCTAssertTrue(try storage.write { try $0.insert(d) })
        try placeInQueue(d)
        // Only partners may report: D studied with each of A, B and C in turn; all wait again.
        for reporter in [a!, b!, c!] { try meetAndPart(reporter, d) }
        XCTAssertEqual(waiting, [a.uid, b.uid, c.uid, d.uid])
        _ = try report(me: a.uid, other: d.uid, reason: .abuse, comment: "욕설")
        _ = try report(me: b.uid, other: d.uid, reason: .abuse, comment: nil)
        XCTAssertTrue(waiting.contains(d.uid))
        XCTAssertEqual(try stored(d).reportedCount, 2)
        _ = try report(me: c.uid, other: d.uid, reason: .obscene, comment: nil)
        XCTAssertFalse(waiting.contains(d.uid))
        XCTAssertEqual(waiting, [a.uid, b.uid, c.uid], "only the reported user leaves the queue")
        XCTAssertEqual(try stored(d).reportedCount, 3)
        XCTAssertEqual(database.reports.map(\.comment), ["욕설", nil, nil])
        XCTAssertThrowsDomainError(try enterQueue(me: d.uid, latitude: 37.5, longitude: 127, studies: []), .reported)
    }

    func testTheReportThatBarsVoidsTheOpenRequestsOfTheBarred() throws {
        let d = User.stub(uid: "D", phone: "010-1000-0004", nick: "디"), e = User.stub(uid: "E", phone: "010-1000-0005", nick: "이")
        XCTAssertTrue(try storage.write { try $0.insert(d) && $0.insert(e) })
        for user in [d, e] { try placeInQueue(user) }
        for reporter in [a!, b!, c!] { try meetAndPart(reporter, d) }
        _ = try report(me: a.uid, other: d.uid, reason: .abuse, comment: nil)
        _ = try report(me: b.uid, other: d.uid, reason: .abuse, comment: nil)
        _ = try request(me: d.uid, other: e.uid)
        _ = try request(me: a.uid, other: e.uid)
        _ = try report(me: c.uid, other: d.uid, reason: .abuse, comment: nil)
        XCTAssertEqual(database.requests, [RequestRow(from: a.uid, to: e.uid)], "barred from the queue, D's request goes too")
    }

    func testAReportTellsNobody() throws {
        try matchAB()
        let lastEventID = database.lastEventID
        _ = try report(me: a.uid, other: b.uid, reason: .rude, comment: "무례")
        XCTAssertEqual(database.lastEventID, lastEventID)
    }

    func testAReportIsOneWrite() throws {
        try matchAB()  // only a partner may report
        XCTAssertEqual(try storage.transactions(during: { _ = try report(me: a.uid, other: b.uid, reason: .rude, comment: nil) }), ["write"])
    }
}
