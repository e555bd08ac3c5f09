/// `POST /queue/studyaccept`: accepts an open request and matches us.
public struct AcceptStudyUseCase {
    private let storage: any Storage
    private let clock: any TimeProvider

    public init(storage: any Storage, clock: any TimeProvider) {
        self.storage = storage
        self.clock = clock
    }

    /// With `confirmingCurrentPartner` (the API: SLP's clients accept after a request that, on
    /// slp, matched us at once), accepting the partner I am already matched with is that match,
    /// unchanged and told to nobody again; without it (the command line) it is `already_matched`.
    public func callAsFunction(me: UserID, other: UserID, confirmingCurrentPartner: Bool = false) throws -> MatchOutcome {
        guard me != other else { throw DomainError.invalid("invalid_partner", "you cannot accept your own request") }
        let now = clock.now
        // A uid nobody has is `user_not_found`, as for `request`.
        return try storage.write { transaction in
            let pair = try transaction.pair(me, other)
            if confirmingCurrentPartner, MatchRules.alreadyTogether(pair) {
                return MatchOutcome(decision: .match, partner: .init(uid: pair.other.user.uid, nick: pair.other.user.nick))
            }
            let decision = try MatchRules.accept(pair)
            try Matchmaking.match(pair, at: now, in: transaction)
            try EventRules.record(EventRules.notices(decision, pair), at: now, in: transaction)
            return MatchOutcome(decision: decision, partner: .init(uid: pair.other.user.uid, nick: pair.other.user.nick))
        }
    }
}
