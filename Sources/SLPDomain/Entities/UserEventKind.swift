
/// What an event tells me. Each is about what someone else did, or about time running out:
/// my own actions tell me nothing.
public enum UserEventKind: Equatable, Sendable {
    /// Someone waiting asked me to study: who, and how far from my place they wait (metres).
    case request(from: MatchView.Partner, distance: Int)
    /// Someone accepted my request (or asked me back): we are matched.
    case matched(partner: MatchView.Partner)
    /// My partner cancelled our match.
    case dodged(partner: MatchView.Partner)
    /// My partner reviewed me, with these titles (in SLP's order).
    case reviewed(by: MatchView.Partner, titles: [ReputationTitle])
    /// My partner sent me a message.
    case message(ChatMessage, from: MatchView.Partner)
    /// My dodge penalty has run out: I may queue again.
    case penaltyOver

    /// The name `slp events` prints and `--json` gives as `type`.
    public var name: String {
        switch self {
        case .request: "request"
        case .matched: "matched"
        case .dodged: "dodged"
        case .reviewed: "reviewed"
        case .message: "message"
        case .penaltyOver: "penalty_over"
        }
    }
}
