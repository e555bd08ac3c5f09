import Foundation
import SLPDomain
import SLPTestSupport
import XCTest

@testable import slp

/// What each match command did, drawn for people and for programs (the API's answers too): a
/// dodge's penalty in whole seconds, a review's titles in SLP's order, accepting my partner
/// again said as nothing changed.
final class MatchRendererTests: XCTestCase {
    private let a = MatchView.Partner(uid: try! UserID("A"), nick: try! Nick("에이"))
    private let b = MatchView.Partner(uid: try! UserID("B"), nick: try! Nick("비"))

    private func drawn(_ result: MatchResult) -> (text: String, json: String) {
        (MatchRenderer(format: .text(.plain)).render(result).stdout, MatchRenderer(format: .json).render(result).stdout)
    }

    func testRequestsAndAccepts() {
        XCTAssertEqual(drawn(.requested(MatchOutcome(decision: .openRequest, partner: b))).text,
                       "Sent a study request to 비 (B). You are matched when they accept.\n")
        let matched = drawn(.requested(MatchOutcome(decision: .match, partner: a)))
        XCTAssertEqual(matched.text, "Matched with 에이 (A): they had asked you too.\n")
        XCTAssertEqual(matched.json, #"{"uid":"A","nick":"에이","matched":1,"alreadyRequested":0}"# + "\n")
        let accepted = drawn(.accepted(MatchOutcome(decision: .match, partner: b)))
        XCTAssertEqual(accepted.text, "Matched with 비 (B).\n")
        XCTAssertEqual(accepted.json, #"{"uid":"B","nick":"비","matched":1}"# + "\n")
        let again = drawn(.accepted(MatchOutcome(decision: .alreadyTogether, partner: b)))
        XCTAssertEqual(again.text, "Already matched with 비 (B): nothing changed.\n")
        XCTAssertEqual(again.json, accepted.json, "programs see the match they are in")
    }

    func testADodgesPenaltyIsInWholeSecondsRoundedUp() {
        let match = MatchView(
            id: 1, partnerUID: b.uid, partner: b, myEnding: .dodged, partnerEnding: nil, iReviewed: false, isCurrent: false,
            startedAt: testNow)
        let penalised = DodgeDecision(dodgeCount: 1, penaltyUntil: testNow.addingTimeInterval(59.2))
        XCTAssertEqual(MatchResult.dodge((penalised, match), now: testNow), .dodged(partner: b, penaltySeconds: 60))
        let free = DodgeDecision(dodgeCount: 0, penaltyUntil: nil)
        XCTAssertEqual(MatchResult.dodge((free, match), now: testNow), .dodged(partner: b, penaltySeconds: 0))
        let drawnDodge = drawn(.dodged(partner: b, penaltySeconds: 60))
        XCTAssertEqual(drawnDodge.text, "Cancelled the study with 비 (B). Penalty: you can queue again in 60 s.\n")
        XCTAssertEqual(drawnDodge.json, #"{"uid":"B","nick":"비","dodged":1,"dodgepenalty":60}"# + "\n")
        XCTAssertEqual(drawn(.dodged(partner: nil, penaltySeconds: 0)).text,
                       "Cancelled the study with a withdrawn user. No penalty: your partner had already left.\n")
    }

    func testAReviewsTitlesComeInSLPsOrderAndAReportSaysSo() {
        let reviewed = MatchResult.review(b, given: [.helpful, .goodManners])
        XCTAssertEqual(reviewed, .reviewed(b, titles: [.goodManners, .helpful]))
        XCTAssertEqual(drawn(reviewed).text, "Reviewed 비 (B): 좋은 매너, 유익한 시간.\n")
        XCTAssertEqual(drawn(reviewed).json, #"{"uid":"B","nick":"비","reputation":[1,0,0,0,0,1]}"# + "\n")
        XCTAssertEqual(drawn(.reported(a)).text, "Reported 에이 (A). You will not see each other again.\n")
        XCTAssertEqual(drawn(.reported(a)).json, #"{"uid":"A","nick":"에이","reported":1}"# + "\n")
    }
}
