import SLPDomain
import XCTest

@testable import slp

/// A request asked again while it is open says so, for people and for programs.
final class RequestAgainRendererTests: XCTestCase {
    private let partner = MatchView.Partner(uid: try! UserID("B"), nick: try! Nick("비"))

    private func renderer(_ format: OutputFormat) -> MatchRenderer {
        MatchRenderer(format: format)
    }

    func testAlreadySentIsSaid() {
        let again = MatchResult.requested(MatchOutcome(decision: .requestAlreadyOpen, partner: partner))
        XCTAssertEqual(renderer(.text(.plain)).render(again),
                       .success("Already sent: your study request to 비 (B) is still open (not sent again). You are matched when they accept.\n"))
        XCTAssertEqual(renderer(.json).render(again), .success(#"{"uid":"B","nick":"비","matched":0,"alreadyRequested":1}"# + "\n"))
        let first = MatchResult.requested(MatchOutcome(decision: .openRequest, partner: partner))
        XCTAssertEqual(renderer(.json).render(first), .success(#"{"uid":"B","nick":"비","matched":0,"alreadyRequested":0}"# + "\n"))
    }
}
