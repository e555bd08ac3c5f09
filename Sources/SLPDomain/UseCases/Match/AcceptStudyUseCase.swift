
/// `POST /queue/studyaccept`: accepts an open request and matches us.
public struct AcceptStudyUseCase {
    private let matches: any MatchRepository
    private let clock: any TimeProvider

    public init(matches: any MatchRepository, clock: any TimeProvider) {
        self.matches = matches
        self.clock = clock
    }

    public func callAsFunction(me: UserID, other: UserID) throws -> MatchOutcome {
        guard me != other else { throw DomainError.invalid("invalid_partner", "you cannot accept your own request") }
        do {
            let pair = try matches.decide(me, other, at: clock.now, MatchRules.accept)
            return MatchOutcome(decision: .match, partner: .init(uid: pair.other.user.uid, nick: pair.other.user.nick))
        } catch DomainError.userNotFound {
            throw DomainError.otherNotSearching
        }
    }
}
