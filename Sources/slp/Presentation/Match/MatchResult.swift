#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// What a match command did, for its renderer.
enum MatchResult: Equatable, Sendable {
    /// A request sent (not matched yet), or a match made by a request.
    case requested(MatchOutcome)
    /// A match made by an accept (or the one we were in already).
    case accepted(MatchOutcome)
    /// My match cancelled; `penaltySeconds` 0 when my partner had left first.
    case dodged(partner: MatchView.Partner?, penaltySeconds: Int)
    case reviewed(MatchView.Partner, titles: [ReputationTitle])
    case reported(MatchView.Partner)

    /// A dodge's result: the penalty in whole seconds from `now`.
    static func dodge(_ dodge: (decision: DodgeDecision, match: MatchView), now: Date) -> MatchResult {
        .dodged(partner: dodge.match.partner, penaltySeconds: dodge.decision.penaltyUntil.map { Int($0.timeIntervalSince(now).rounded(.up)) } ?? 0)
    }

    /// A review's result: the titles given, in SLP's order.
    static func review(_ partner: MatchView.Partner, given titles: Set<ReputationTitle>) -> MatchResult {
        .reviewed(partner, titles: ReputationTitle.allCases.filter(titles.contains))
    }
}
