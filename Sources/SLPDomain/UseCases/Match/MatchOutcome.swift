
/// What a request or accept did, and with whom.
public struct MatchOutcome: Equatable, Sendable {
    /// `.openRequest` (waiting for an answer), `.requestAlreadyOpen` (asked before, still
    /// waiting), `.match` (matched now) or `.alreadyTogether` (matched before, nothing new).
    public let decision: PairDecision
    public let partner: MatchView.Partner

    public init(decision: PairDecision, partner: MatchView.Partner) {
        self.decision = decision
        self.partner = partner
    }

    public var isMatched: Bool { decision == .match || decision == .alreadyTogether }

    /// True when we were partners already: nothing changed.
    public var wasAlreadyMatched: Bool { decision == .alreadyTogether }

    /// True when my request had already been sent and is still open: nothing new was sent.
    public var wasAlreadyRequested: Bool { decision == .requestAlreadyOpen }
}
