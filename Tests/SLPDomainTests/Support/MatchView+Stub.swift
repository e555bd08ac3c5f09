import Foundation
import SLPDomain
import SLPTestSupport

extension MatchView {
    /// Match 1 with `partner` (nil: withdrawn), as I see it; a test overrides what it is about.
    static func stub(
        id: Int64 = 1, partner: String = "Other", withdrawn: Bool = false, mine: MatchEnding? = nil, theirs: MatchEnding? = nil,
        reviewed: Bool = false, current: Bool = true, startedAt: Date = testNow
    ) -> MatchView {
        let uid = try! UserID(partner)
        return MatchView(
            id: id, partnerUID: uid, partner: withdrawn ? nil : Partner(uid: uid, nick: try! Nick(partner)), myEnding: mine,
            partnerEnding: theirs, iReviewed: reviewed, isCurrent: current, startedAt: startedAt)
    }
}
