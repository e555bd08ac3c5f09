import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

final class MatchRulesTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_795_253_400)

    private func party(
        _ uid: String, waiting: Bool = true, current: MatchView? = nil, latest: MatchView? = nil,
        dodges: Int = 0, reports: Int = 0, penaltyUntil: Date? = nil
    ) throws -> PartySnapshot {
        var user = User.stub(uid: uid, phone: "010-1234-\(1000 + uid.count)")
        user.dodgeCount = dodges
        user.reportedCount = reports
        user.dodgePenaltyUntil = penaltyUntil
        return PartySnapshot(
            user: user, entry: waiting ? .stub(uid, at: .at(37.5665, 126.978)) : nil, current: current,
            latest: latest ?? current)
    }

    private func match(
        with partner: String, mine: MatchEnding? = nil, theirs: MatchEnding? = nil, reviewed: Bool = false, current: Bool = true
    ) throws -> MatchView {
        MatchView(
            id: 1, partnerUID: try UserID(partner), partner: .init(uid: try UserID(partner), nick: try Nick(partner)), myEnding: mine, partnerEnding: theirs,
            iReviewed: reviewed, isCurrent: current, startedAt: now)
    }

    private func pair(
        _ me: PartySnapshot, _ other: PartySnapshot, fromOther: Bool = false,
        iReported: Bool = false, otherReported: Bool = false, together: MatchView? = nil
    ) -> PairSnapshot {
        PairSnapshot(
            me: me, other: other, requestFromOther: fromOther, iReported: iReported, otherReported: otherReported, matchTogether: together)
    }

    func testRequestOpensARequestOrMatchesWhenTheOtherAskedFirst() throws {
        let me = try party("Me"), other = try party("Other")
        XCTAssertEqual(try MatchRules.request(pair(me, other)), .openRequest)
        XCTAssertEqual(try MatchRules.request(pair(me, other, fromOther: true)), .match)
    }

    func testRequestRefusals() throws {
        let active = try match(with: "Other")
        XCTAssertThrowsDomainError(try MatchRules.request(pair(try party("Me", current: active), try party("Other"))), .alreadyMatched)
        XCTAssertThrowsDomainError(try MatchRules.request(pair(try party("Me", waiting: false), try party("Other"))), .notSearching)
        XCTAssertThrowsDomainError(try MatchRules.request(pair(try party("Me"), try party("Other", waiting: false))), .otherNotSearching)
        XCTAssertThrowsDomainError(try MatchRules.request(pair(try party("Me"), try party("Other", current: active))), .otherNotSearching)
        XCTAssertThrowsDomainError(try MatchRules.request(pair(try party("Me"), try party("Other"), iReported: true)), .otherNotSearching)
        XCTAssertThrowsDomainError(try MatchRules.request(pair(try party("Me"), try party("Other"), fromOther: true, otherReported: true)), .otherNotSearching)
    }

    func testAcceptNeedsAnOpenRequestAndBothWaiting() throws {
        let active = try match(with: "Third")
        XCTAssertEqual(try MatchRules.accept(pair(try party("Me"), try party("Other"), fromOther: true)), .match)
        XCTAssertThrowsDomainError(try MatchRules.accept(pair(try party("Me"), try party("Other"))), .noRequest)
        XCTAssertThrowsDomainError(
            try MatchRules.accept(pair(try party("Me", current: active), try party("Other"), fromOther: true)), .alreadyMatched)
        XCTAssertThrowsDomainError(
            try MatchRules.accept(pair(try party("Me"), try party("Other", waiting: false, current: active), fromOther: true)), .otherMatched)
        XCTAssertThrowsDomainError(
            try MatchRules.accept(pair(try party("Me"), try party("Other", waiting: false), fromOther: true)), .otherNotSearching)
        XCTAssertThrowsDomainError(
            try MatchRules.accept(pair(try party("Me", waiting: false), try party("Other"), fromOther: true)), .notSearching)
    }

    func testAMatchEndedByThePartnerNoLongerCountsAsMatched() throws {
        let ended = try match(with: "Other", theirs: .dodged)
        let me = try party("Me", current: ended)
        XCTAssertFalse(me.isMatched)
        XCTAssertNoThrow(try MatchRules.enterQueue(me, now: now))
        XCTAssertEqual(try MatchRules.request(pair(try party("Me", current: ended), try party("Third"))), .openRequest)
    }

    func testDodgePenaltiesGrowOneTwoThreeMinutes() throws {
        for (dodges, minutes) in [(0, 1), (1, 2), (2, 3), (3, 3), (9, 3)] {
            let me = try party("Me", current: try match(with: "Other"), dodges: dodges)
            XCTAssertEqual(
                try MatchRules.dodge(me, now: now),
                DodgeDecision(dodgeCount: dodges + 1, penaltyUntil: now.addingTimeInterval(TimeInterval(minutes * 60))))
        }
    }

    func testNoPenaltyWhenThePartnerHadLeftAndNoDodgeWithoutAMatch() throws {
        for ending in MatchEnding.allCases {
            let me = try party("Me", current: try match(with: "Other", theirs: ending), dodges: 2)
            XCTAssertEqual(try MatchRules.dodge(me, now: now), DodgeDecision(dodgeCount: 2, penaltyUntil: nil))
        }
        let withdrawn = MatchView(id: 1, partnerUID: try UserID("Gone"), partner: nil, myEnding: nil, partnerEnding: nil, iReviewed: false, isCurrent: true, startedAt: now)
        XCTAssertEqual(withdrawn.partnerEnding, .dodged, "a partner who withdrew has left the match")
        XCTAssertEqual(try MatchRules.dodge(try party("Me", current: withdrawn), now: now), DodgeDecision(dodgeCount: 0, penaltyUntil: nil))
        XCTAssertThrowsDomainError(try MatchRules.dodge(try party("Me"), now: now), .notPartner)
    }

    func testEnteringTheQueueIsRefusedWhileMatchedReportedOrPenalised() throws {
        XCTAssertThrowsDomainError(try MatchRules.enterQueue(try party("Me", current: try match(with: "O")), now: now), .alreadyMatched)
        XCTAssertThrowsDomainError(try MatchRules.enterQueue(try party("Me", reports: 3), now: now), .reported)
        XCTAssertNoThrow(try MatchRules.enterQueue(try party("Me", reports: 2), now: now))
        let penalised = try party("Me", dodges: 2, penaltyUntil: now.addingTimeInterval(90.2))
        XCTAssertThrowsDomainError(try MatchRules.enterQueue(penalised, now: now), .dodgePenalty(level: 2, secondsLeft: 91))
        XCTAssertNoThrow(try MatchRules.enterQueue(penalised, now: now.addingTimeInterval(90.2)))
        XCTAssertThrowsDomainError(try MatchRules.leaveQueue(try party("Me", current: try match(with: "O"))), .alreadyMatched)
        XCTAssertNoThrow(try MatchRules.leaveQueue(try party("Me", waiting: false)))
    }

    func testReviewOnlyMyLatestPartnerOnceAndItEndsMyMatch() throws {
        let titles: Set<ReputationTitle> = [.kind]
        let active = try match(with: "Other")
        XCTAssertEqual(
            try MatchRules.review(pair(try party("Me", current: active), try party("Other")), titles: titles, comment: "좋아요"),
            .review(titles: titles, comment: "좋아요", endsMyMatch: true, resetsMyDodges: true))
        // After my partner reviewed me, the match is still mine to finish.
        let partnerReviewed = try match(with: "Other", theirs: .reviewed)
        XCTAssertEqual(
            try MatchRules.review(pair(try party("Me", current: partnerReviewed), try party("Other")), titles: titles, comment: nil),
            .review(titles: titles, comment: nil, endsMyMatch: true, resetsMyDodges: true))
        // After I dodged, I may still review, but that neither ends anything nor forgives the dodge.
        let iDodged = try match(with: "Other", mine: .dodged, current: false)
        XCTAssertEqual(
            try MatchRules.review(pair(try party("Me", latest: iDodged), try party("Other")), titles: titles, comment: nil),
            .review(titles: titles, comment: nil, endsMyMatch: false, resetsMyDodges: false))
        XCTAssertThrowsDomainError(
            try MatchRules.review(pair(try party("Me", current: active), try party("Third")), titles: titles, comment: nil), .notPartner)
        XCTAssertThrowsDomainError(try MatchRules.review(pair(try party("Me"), try party("Other")), titles: titles, comment: nil), .notPartner)
        let done = try match(with: "Other", mine: .reviewed, reviewed: true, current: false)
        XCTAssertThrowsDomainError(
            try MatchRules.review(pair(try party("Me", latest: done), try party("Other")), titles: titles, comment: nil), .alreadyReviewed)
    }

    func testReportOncePerPairAndTheThirdBars() throws {
        // Only partners may report: we studied together once (I finished with a review).
        let past = try match(with: "Other", mine: .reviewed, reviewed: true, current: false)
        XCTAssertEqual(
            try MatchRules.report(pair(try party("Me"), try party("Other", reports: 1), together: past), reason: .rude, comment: nil),
            .report(reason: .rude, comment: nil, barsFromQueue: false))
        XCTAssertEqual(
            try MatchRules.report(pair(try party("Me"), try party("Other", reports: 2), together: past), reason: .noShow, comment: "안 옴"),
            .report(reason: .noShow, comment: "안 옴", barsFromQueue: true))
        XCTAssertThrowsDomainError(
            try MatchRules.report(pair(try party("Me"), try party("Other"), iReported: true, together: past), reason: .rude, comment: nil),
            .alreadyReported)
        XCTAssertNoThrow(
            try MatchRules.report(pair(try party("Me"), try party("Other"), otherReported: true, together: past), reason: .rude, comment: nil),
            "being reported by them does not stop me reporting them")
        XCTAssertThrowsDomainError(
            try MatchRules.report(pair(try party("Me"), try party("Other", reports: 2)), reason: .rude, comment: nil), .notPartner)
    }

    func testQueueStateShowsHowTheMatchIsGoing() throws {
        XCTAssertEqual(QueueState(try party("Me", waiting: false)).status, .general)
        XCTAssertEqual(QueueState(try party("Me")).status, .waiting)
        let state = QueueState(try party("Me", waiting: false, current: try match(with: "Other", theirs: .dodged)))
        XCTAssertEqual(state.status, .matched)
        XCTAssertTrue(state.dodged)
        XCTAssertFalse(state.reviewed)
        XCTAssertEqual(state.partner?.uid, try UserID("Other"))
        XCTAssertTrue(QueueState(try party("Me", waiting: false, current: try match(with: "Other", theirs: .reviewed))).reviewed)
    }
}
