
/// `POST /user/report`: reports a user, once per pair; we never see each other in search again.
public struct ReportUserUseCase {
    private let matches: any MatchRepository
    private let clock: any TimeProvider

    public init(matches: any MatchRepository, clock: any TimeProvider) {
        self.matches = matches
        self.clock = clock
    }

    public func callAsFunction(me: UserID, other: UserID, reason: ReportReason, comment: String?) throws -> MatchView.Partner {
        guard me != other else { throw DomainError.invalid("invalid_partner", "you cannot report yourself") }
        let text = try comment.map { try BoundedText($0, allowed: BoundedText.comment, field: "comment").value }
        let cleaned = text.flatMap { $0.isEmpty ? nil : $0 }
        let pair = try matches.decide(me, other, at: clock.now) { try MatchRules.report($0, reason: reason, comment: cleaned) }
        return .init(uid: pair.other.user.uid, nick: pair.other.user.nick)
    }
}
