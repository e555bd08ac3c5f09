/// `POST /queue/studyrequest`: asks a waiting user to study together; if they had already
/// asked me, we are matched at once, in the same transaction. Asking again while my request is
/// open stores nothing and tells nobody.
public struct RequestStudyUseCase {
    private let storage: any Storage
    private let clock: any TimeProvider

    public init(storage: any Storage, clock: any TimeProvider) {
        self.storage = storage
        self.clock = clock
    }

    public func callAsFunction(me: UserID, other: UserID) throws -> MatchOutcome {
        guard me != other else { throw DomainError.invalid("invalid_partner", "you cannot send a request to yourself") }
        let now = clock.now
        // A uid nobody has is `user_not_found`: the one who asked learns they mistyped it, not
        // that someone is away (a uid is no secret: `user show` answers the same).
        return try storage.write { transaction in
            let pair = try transaction.pair(me, other)
            let decision = try MatchRules.request(pair)
            switch decision {
            case .match: try Matchmaking.match(pair, at: now, in: transaction)
            case .openRequest: try transaction.insertRequest(from: me, to: other, at: now)
            // Already open: nothing changes (a request never decides the rest).
            case .requestAlreadyOpen, .alreadyTogether, .review, .report: break
            }
            try EventRules.record(EventRules.notices(decision, pair), at: now, in: transaction)
            return MatchOutcome(decision: decision, partner: .init(uid: pair.other.user.uid, nick: pair.other.user.nick))
        }
    }
}
