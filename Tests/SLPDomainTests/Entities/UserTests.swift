import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class UserTests: XCTestCase {
    func testNewUserDefaults() throws {
        let user = User.stub()
        XCTAssertEqual(user.study, .none)
        XCTAssertEqual(user.comments, [])
        XCTAssertEqual(user.reputation, .none)
        XCTAssertEqual(user.sesac, 0)
        XCTAssertEqual(user.sesacCollection, [0])
        XCTAssertEqual(user.background, 0)
        XCTAssertEqual(user.backgroundCollection, [0])
        XCTAssertEqual(user.reportedCount, 0)
        XCTAssertNil(user.dodgePenaltyUntil)
        XCTAssertEqual(user.dodgeCount, 0)
        XCTAssertEqual(user.ageRange, .all)
        XCTAssertTrue(user.searchable)
    }

    func testPublicProfileHasNoPrivateFields() throws {
        var user = User.stub(uid: "Abc123", nick: "sesac", gender: .male, study: "swift", comments: ["good"])
        user.sesac = 2
        user.background = 3
        let profile = user.publicProfile
        XCTAssertEqual(profile.uid, user.uid)
        XCTAssertEqual(profile.nick, user.nick)
        XCTAssertEqual(profile.gender, .male)
        XCTAssertEqual(profile.study.value, "swift")
        XCTAssertEqual(profile.comments, ["good"])
        XCTAssertEqual(profile.sesac, 2)
        XCTAssertEqual(profile.background, 3)
        XCTAssertEqual(profile.createdAt, user.createdAt)
        let labels = Mirror(reflecting: profile).children.compactMap(\.label)
        XCTAssertEqual(labels, ["uid", "nick", "gender", "study", "reputation", "comments", "sesac", "background", "createdAt"])
    }

    func testPenaltySecondsLeftRoundsUp() throws {
        var user = User.stub()
        let now = Date(timeIntervalSince1970: 1_000)
        XCTAssertEqual(user.penaltySecondsLeft(at: now), 0)
        user.dodgePenaltyUntil = now.addingTimeInterval(59.2)
        XCTAssertEqual(user.penaltySecondsLeft(at: now), 60)
        user.dodgePenaltyUntil = now
        XCTAssertEqual(user.penaltySecondsLeft(at: now), 0)
        user.dodgePenaltyUntil = now.addingTimeInterval(-5)
        XCTAssertEqual(user.penaltySecondsLeft(at: now), 0)
    }
}
