#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The matching rules of SLP as pure decisions over snapshots read inside a transaction:
/// the use case reads, these decide (or refuse), the use case writes, all in one transaction.
public enum MatchRules {
    /// Minutes of penalty for the 1st, 2nd and 3rd (and later) consecutive dodge.
    public static let penaltyMinutes = [1, 2, 3]

    /// `slp queue`: refused when matched, reported too often, or serving a penalty.
    public static func enterQueue(_ me: PartySnapshot, now: Date) throws {
        guard !me.isMatched else { throw DomainError.alreadyMatched }
        guard !me.user.isBarredByReports else { throw DomainError.reported }
        let secondsLeft = me.user.penaltySecondsLeft(at: now)
        guard secondsLeft == 0 else {
            throw DomainError.dodgePenalty(level: min(max(me.user.dodgeCount, 1), 3), secondsLeft: secondsLeft)
        }
    }

    /// `slp queue stop`: refused while a match is on.
    public static func leaveQueue(_ me: PartySnapshot) throws {
        guard !me.isMatched else { throw DomainError.alreadyMatched }
    }

    /// `slp match request`: both must be waiting, and the other searchable unless they asked me;
    /// if they already asked me, we match now; asking again while my request is open changes nothing.
    public static func request(_ pair: PairSnapshot) throws -> PairDecision {
        guard !pair.me.isMatched else { throw DomainError.alreadyMatched }
        guard pair.me.isWaiting else { throw DomainError.notSearching }
        // A reported pair never meets again; the answer does not tell which side reported.
        guard !pair.iReported, !pair.otherReported, pair.other.isWaiting, !pair.other.isMatched else {
            throw DomainError.otherNotSearching
        }
        // Someone hidden from search cannot be asked by uid either, unless they asked first;
        // the answer is the same as for anyone not waiting, so it does not tell they are there.
        guard pair.other.user.searchable || pair.requestFromOther else { throw DomainError.otherNotSearching }
        if pair.requestFromOther { return .match }
        return pair.requestToOther ? .requestAlreadyOpen : .openRequest
    }

    /// Whether the other user is already my partner in a match that is on.
    static func alreadyTogether(_ pair: PairSnapshot) -> Bool {
        guard let current = pair.me.current, current.isActive else { return false }
        return current.partnerUID == pair.other.user.uid
    }

    /// `slp match accept`: needs an open request from the other user, both waiting. Accepting
    /// the partner I am matched with is that match again (SLP's apps accept after a request
    /// that matched us at once), as asking again is the request again.
    public static func accept(_ pair: PairSnapshot) throws -> PairDecision {
        if alreadyTogether(pair) { return .alreadyTogether }
        guard !pair.me.isMatched else { throw DomainError.alreadyMatched }
        guard !pair.other.isMatched else { throw DomainError.otherMatched }
        guard pair.other.isWaiting, !pair.iReported, !pair.otherReported else { throw DomainError.otherNotSearching }
        guard pair.me.isWaiting else { throw DomainError.notSearching }
        guard pair.requestFromOther else { throw DomainError.noRequest }
        return .match
    }

    /// `slp match dodge`: cancels my current match; penalised unless my partner left it first.
    /// `partner`, when named (SLP's `otheruid`), must be the partner of that match.
    public static func dodge(_ me: PartySnapshot, partner: UserID? = nil, now: Date) throws -> DodgeDecision {
        guard let match = me.current, partner == nil || partner == match.partnerUID else { throw DomainError.notPartner }
        guard match.partnerEnding == nil else { return DodgeDecision(dodgeCount: me.user.dodgeCount, penaltyUntil: nil) }
        let count = me.user.dodgeCount + 1
        let minutes = penaltyMinutes[min(count, penaltyMinutes.count) - 1]
        return DodgeDecision(dodgeCount: count, penaltyUntil: now.addingTimeInterval(TimeInterval(minutes * 60)))
    }

    /// `slp match review`: only my latest partner, once per match; ends the match for me.
    public static func review(_ pair: PairSnapshot, titles: Set<ReputationTitle>, comment: String?) throws -> PairDecision {
        guard let match = pair.me.latest, match.partner?.uid == pair.other.user.uid else { throw DomainError.notPartner }
        guard !match.iReviewed else { throw DomainError.alreadyReviewed }
        let stillMine = match.isCurrent && match.myEnding == nil
        return .review(titles: titles, comment: comment, endsMyMatch: stillMine, resetsMyDodges: stillMine)
    }

    /// `slp match report`: only someone I am or was matched with (strangers cannot gang up on
    /// anyone), once per pair; the third report bars the user from the queue. Once per pair of
    /// numbers: a report stays with both numbers, so reporting the new account of someone I
    /// reported (whom I can never be matched with again) is `already_reported`, not `not_partner`.
    public static func report(_ pair: PairSnapshot, reason: ReportReason, comment: String?) throws -> PairDecision {
        guard !pair.iReported else { throw DomainError.alreadyReported }
        guard pair.matchTogether != nil else { throw DomainError.notPartner }
        let barred = pair.other.user.reportedCount + 1 >= User.reportLimit
        return .report(reason: reason, comment: comment, barsFromQueue: barred)
    }
}
