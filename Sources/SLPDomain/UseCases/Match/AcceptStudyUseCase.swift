/// `POST /queue/studyaccept`: accepts an open request and matches us.
public struct AcceptStudyUseCase {
    private let storage: any Storage
    private let clock: any TimeProvider

    public init(storage: any Storage, clock: any TimeProvider) {
        self.storage = storage
        self.clock = clock
    }

    public func callAsFunction(me: UserID, other: UserID) throws -> MatchOutcome {
        guard me != other else { throw DomainError.invalid("invalid_partner", "you cannot accept your own request") }
        let now = clock.now
        // A uid nobody has is `user_not_found`, as for `request`.
        return try storage.write { transaction in
            let pair = try transaction.pair(me, other)
            let decision = try MatchRules.accept(pair)
            if decision == .match { try Matchmaking.match(pair, at: now, in: transaction) }
            try EventRules.record(EventRules.notices(decision, pair), at: now, in: transaction)
            return MatchOutcome(decision: decision, partner: .init(uid: pair.other.user.uid, nick: pair.other.user.nick))
        }
    }
}
