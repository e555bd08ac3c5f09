
/// `POST /queue/rate`: reviews my current or just-ended partner with SLP's six titles.
public struct ReviewPartnerUseCase {
    private let matches: any MatchRepository
    private let clock: any TimeProvider

    public init(matches: any MatchRepository, clock: any TimeProvider) {
        self.matches = matches
        self.clock = clock
    }

    /// At least one title; the comment is 0–500 characters (empty means none).
    public func callAsFunction(me: UserID, partner: UserID, titles: Set<ReputationTitle>, comment: String?) throws -> MatchView.Partner {
        guard !titles.isEmpty else {
            let flags = ReputationTitle.allCases.map { "--\($0.flag)" }.joined(separator: ", ")
            throw DomainError.invalid("no_title", "choose at least one title: \(flags)")
        }
        let text = try comment.map { try BoundedText($0, allowed: BoundedText.comment, field: "comment").value }
        let cleaned = text.flatMap { $0.isEmpty ? nil : $0 }
        do {
            let pair = try matches.decide(me, partner, at: clock.now) { try MatchRules.review($0, titles: titles, comment: cleaned) }
            return .init(uid: pair.other.user.uid, nick: pair.other.user.nick)
        } catch DomainError.userNotFound {
            throw DomainError.notPartner
        }
    }
}
