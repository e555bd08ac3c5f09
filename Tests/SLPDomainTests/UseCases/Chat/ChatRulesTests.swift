import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class ChatRulesTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_795_253_400)

    private func party(latest: MatchView?) throws -> PartySnapshot {
        PartySnapshot(user: User.stub(uid: "Me"), entry: nil, current: latest?.isCurrent == true ? latest : nil, latest: latest)
    }

    private func match(mine: MatchEnding? = nil, theirs: MatchEnding? = nil, current: Bool = true, withdrawn: Bool = false) throws -> MatchView {
        MatchView(
            id: 1, partnerUID: try UserID("Other"), partner: withdrawn ? nil : .init(uid: try UserID("Other"), nick: try Nick("상대")), myEnding: mine, partnerEnding: theirs,
            iReviewed: mine == .reviewed, isCurrent: current, startedAt: now)
    }

    func testWithoutAnyMatchThereIsNoConversation() throws {
        XCTAssertThrowsDomainError(try ChatRules.send(try party(latest: nil)), .notMatched)
        XCTAssertEqual(DomainError.notMatched.code, "not_matched")
    }

    func testAnActiveCurrentMatchMayPost() throws {
        XCTAssertNoThrow(try ChatRules.send(try party(latest: try match())))
    }

    func testAMatchEndedByMeIsOver() throws {
        XCTAssertThrowsDomainError(try ChatRules.send(try party(latest: try match(mine: .dodged, current: false))), .studyEnded)
        XCTAssertThrowsDomainError(try ChatRules.send(try party(latest: try match(mine: .reviewed, current: false))), .studyEnded)
    }

    func testAMatchEndedByMyPartnerIsOverWhileStillCurrent() throws {
        XCTAssertThrowsDomainError(try ChatRules.send(try party(latest: try match(theirs: .dodged))), .studyEnded)
        XCTAssertThrowsDomainError(try ChatRules.send(try party(latest: try match(theirs: .reviewed))), .studyEnded)
        // A withdrawn partner counts as having dodged.
        XCTAssertThrowsDomainError(try ChatRules.send(try party(latest: try match(withdrawn: true))), .studyEnded)
    }

    func testAMatchThatIsNoLongerCurrentIsOverEvenWithoutEndings() throws {
        XCTAssertThrowsDomainError(try ChatRules.send(try party(latest: try match(current: false))), .studyEnded)
    }

    func testStudyEndedIsStatus201() {
        XCTAssertEqual(DomainError.studyEnded.code, "study_ended")
        XCTAssertFalse(DomainError.studyEnded.isInvalidValue)
    }
}
