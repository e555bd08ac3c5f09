
/// `POST /queue/dodge`: cancels my current match, with a growing penalty for repeat dodgers.
public struct DodgeMatchUseCase {
    private let matches: any MatchRepository
    private let clock: any TimeProvider

    public init(matches: any MatchRepository, clock: any TimeProvider) {
        self.matches = matches
        self.clock = clock
    }

    /// The penalty given (if any) and the match as it was before I left it.
    public func callAsFunction(me: UserID) throws -> (DodgeDecision, MatchView) {
        let now = clock.now
        return try matches.dodge(me, at: now) { try MatchRules.dodge($0, now: now) }
    }
}
