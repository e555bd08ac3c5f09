
/// What the matching rules decided to do to a pair; the use case carries it out in the
/// same transaction it read the `PairSnapshot` in.
public enum PairDecision: Equatable, Sendable {
    /// Record my open request to the other user.
    case openRequest
    /// My request to the other user is already open: nothing is stored anew, nobody is told again.
    case requestAlreadyOpen
    /// Match us: both leave the queue, every open request of either is dropped.
    case match
    /// We are already partners in a match that is on (accepting again after a request that
    /// matched us at once, as SLP's apps do): nothing changes, nobody is told again.
    case alreadyTogether
    /// Add my review to the partner of my latest match; `endsMyMatch` also closes it for me.
    case review(titles: Set<ReputationTitle>, comment: String?, endsMyMatch: Bool, resetsMyDodges: Bool)
    /// Record my report; the other user's report count goes up by one.
    case report(reason: ReportReason, comment: String?, barsFromQueue: Bool)
}
