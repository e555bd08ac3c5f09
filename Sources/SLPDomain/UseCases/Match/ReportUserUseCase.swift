/// `POST /user/report`: reports a user, once per pair; we never see each other in search again.
public struct ReportUserUseCase {
    private let storage: any Storage
    private let clock: any TimeProvider

    public init(storage: any Storage, clock: any TimeProvider) {
        self.storage = storage
        self.clock = clock
    }

    public func callAsFunction(me: UserID, other: UserID, reason: ReportReason, comment: String?) throws -> MatchView.Partner {
        guard me != other else { throw DomainError.invalid("invalid_partner", "you cannot report yourself") }
        let text = try comment.map { try BoundedText($0, allowed: BoundedText.comment, field: "comment").value }
        let cleaned = text.flatMap { $0.isEmpty ? nil : $0 }
        let now = clock.now
        return try storage.write { transaction in
            let pair = try transaction.pair(me, other)
            let decision = try MatchRules.report(pair, reason: reason, comment: cleaned)
            try transaction.insertReport(by: me, of: other, reason: reason, comment: cleaned, at: now)
            // A reported pair never meets again: open requests between them are void.
            try transaction.deleteRequests(between: me, and: other)
            if case .report(_, _, let barsFromQueue) = decision, barsFromQueue { try QueueExit.leave(other, in: transaction) }
            try EventRules.record(EventRules.notices(decision, pair), at: now, in: transaction)
            return .init(uid: pair.other.user.uid, nick: pair.other.user.nick)
        }
    }
}
