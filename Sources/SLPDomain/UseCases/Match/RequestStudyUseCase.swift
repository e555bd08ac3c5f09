
/// `POST /queue/studyrequest`: asks a waiting user to study together; if they had already
/// asked me, we are matched at once, in the same transaction.
public struct RequestStudyUseCase {
    private let matches: any MatchRepository
    private let clock: any TimeProvider

    public init(matches: any MatchRepository, clock: any TimeProvider) {
        self.matches = matches
        self.clock = clock
    }

    public func callAsFunction(me: UserID, other: UserID) throws -> MatchOutcome {
        guard me != other else { throw DomainError.invalid("invalid_partner", "you cannot send a request to yourself") }
        var decision = PairDecision.openRequest
        do {
            let pair = try matches.decide(me, other, at: clock.now) { pair in
                decision = try MatchRules.request(pair)
                return decision
            }
            return MatchOutcome(decision: decision, partner: .init(uid: pair.other.user.uid, nick: pair.other.user.nick))
        } catch DomainError.userNotFound {
            // Nobody by that uid is waiting; say so the same way as for anyone not waiting.
            throw DomainError.otherNotSearching
        }
    }
}
