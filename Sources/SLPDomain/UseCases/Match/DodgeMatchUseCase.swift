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
            let dodged = try MatchDodging.dodge(try transaction.party(me), partner: partner, at: now, in: transaction)
            return (dodged.decision, dodged.match)
        }
    }
}
