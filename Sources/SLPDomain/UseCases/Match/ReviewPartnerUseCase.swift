/// `POST /queue/rate`: reviews my current or just-ended partner with SLP's six titles.
public struct ReviewPartnerUseCase {
    private let storage: any Storage
    private let clock: any TimeProvider

    public init(storage: any Storage, clock: any TimeProvider) {
        self.storage = storage
        self.clock = clock
    }

    /// At least one title; the comment is 0–500 characters (empty means none).
    public func callAsFunction(me: UserID, partner: UserID, titles: Set<ReputationTitle>, comment: String?) throws -> MatchView.Partner {
        guard !titles.isEmpty else { throw DomainError.invalid("no_title", "choose at least one of the six titles") }
        let text = try comment.map { try BoundedText($0, allowed: BoundedText.comment, field: "comment").value }
        let cleaned = text.flatMap { $0.isEmpty ? nil : $0 }
        let now = clock.now
        do {
            return try storage.write { transaction in
                let pair = try transaction.pair(me, partner)
                let decision = try MatchRules.review(pair, titles: titles, comment: cleaned)
                guard case .review(let titles, let comment, let endsMyMatch, let resetsMyDodges) = decision,
                      let match = pair.me.latest else { throw DomainError.notPartner }
                var reviewed = pair.other.user
                reviewed.reputation.add(titles)
                if let comment { reviewed.comments.append(comment) }
                try transaction.update(reviewed)
                try transaction.markReviewed(match.id, by: me)
                if endsMyMatch { try transaction.end(match.id, for: me, .reviewed, at: now) }
                if resetsMyDodges {
                    var mine = pair.me.user
                    mine.dodgeCount = 0
                    try transaction.update(mine)
                }
                try EventRules.record(EventRules.notices(decision, pair), at: now, in: transaction)
                return .init(uid: reviewed.uid, nick: reviewed.nick)
            }
        } catch DomainError.userNotFound {
            throw DomainError.notPartner
        }
    }
}
