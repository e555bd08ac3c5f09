#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What cancelling my current match does, however I cancel it (`match dodge`, or withdrawing
/// from the service while matched): my part ends as dodged, my partner is told unless they left
/// first, and I get the penalty `MatchRules.dodge` gives.
enum MatchDodging {
    /// Cancels the current match of `party` (`partner`, when named, must be its partner); the
    /// decision, the match as it was, and me as I am after it (stored).
    static func dodge(
        _ party: PartySnapshot, partner: UserID? = nil, at now: Date, in transaction: any WriteTransaction
    ) throws -> (decision: DodgeDecision, match: MatchView, me: User) {
        let decision = try MatchRules.dodge(party, partner: partner, now: now)
        guard let match = party.current else { throw DomainError.notPartner }
        try transaction.end(match.id, for: party.user.uid, .dodged, at: now)
        var user = party.user
        user.dodgeCount = decision.dodgeCount
        if let until = decision.penaltyUntil {
            user.dodgePenaltyUntil = until
            // Told as `penalty_over` by the first look at my events after it.
            try transaction.setPenaltyNoticeDue(until, of: user.uid)
        }
        try transaction.update(user)
        try EventRules.record(EventRules.notices(dodging: match, me: user), at: now, in: transaction)
        return (decision, match, user)
    }
}
