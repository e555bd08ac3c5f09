/// `POST /queue/dodge`: cancels my current match, with a growing penalty for repeat dodgers.
public struct DodgeMatchUseCase {
    private let storage: any Storage
    private let clock: any TimeProvider

    public init(storage: any Storage, clock: any TimeProvider) {
        self.storage = storage
        self.clock = clock
    }

    /// The penalty given (if any) and the match as it was before I left it. `partner`, when
    /// named, must be my partner (`not_partner` otherwise).
    public func callAsFunction(me: UserID, partner: UserID? = nil) throws -> (DodgeDecision, MatchView) {
        let now = clock.now
        return try storage.write { transaction in
            let party = try transaction.party(me)
            let decision = try MatchRules.dodge(party, partner: partner, now: now)
            guard let match = party.current else { throw DomainError.notPartner }
            try transaction.end(match.id, for: me, .dodged, at: now)
            var user = party.user
            user.dodgeCount = decision.dodgeCount
            if let until = decision.penaltyUntil {
                user.dodgePenaltyUntil = until
                // Told as `penalty_over` by the first look at my events after it.
                try transaction.setPenaltyNoticeDue(until, of: me)
            }
            try transaction.update(user)
            try EventRules.record(EventRules.notices(dodging: match, me: user), at: now, in: transaction)
            return (decision, match)
        }
    }
}
