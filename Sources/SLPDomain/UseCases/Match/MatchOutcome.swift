
/// What a request or accept did, and with whom.
public struct MatchOutcome: Equatable, Sendable {
    /// `.openRequest` (waiting for an answer) or `.match` (matched now).
    public let decision: PairDecision
    public let partner: MatchView.Partner

    public init(decision: PairDecision, partner: MatchView.Partner) {
        self.decision = decision
        self.partner = partner
    }

    public var isMatched: Bool { decision == .match }
}
