import SLPDomain

/// `slp match request|accept|dodge|review|report`: the matching lifecycle between two users.
struct MatchFeature: Feature {
    enum Action: Sendable {
        case request(actingUser: String?, other: UserID)
        case accept(actingUser: String?, other: UserID)
        /// `partner`, when named (the API's `otheruid`), must be my partner.
        case dodge(actingUser: String?, partner: UserID? = nil)
        case review(actingUser: String?, partner: UserID, titles: Set<ReputationTitle>, comment: String?)
        case report(actingUser: String?, other: UserID, reason: ReportReason, comment: String?)
    }

    /// What happened, for the renderer.
    enum Outcome: Equatable, Sendable {
        /// A request sent (not matched yet), or a match made by a request or an accept.
        case requested(MatchOutcome)
        case accepted(MatchOutcome)
        /// My match cancelled; `penaltySeconds` 0 when my partner had left first.
        case dodged(partner: MatchView.Partner?, penaltySeconds: Int)
        case reviewed(MatchView.Partner, titles: [ReputationTitle])
        case reported(MatchView.Partner)
    }

    enum Mutation: Sendable, Equatable {
        case setOutcome(Outcome)
        case setFailure(Failure)
    }

    struct State: Equatable, Sendable {
        var outcome: Outcome?
        var failure: Failure?
    }

    let identify: IdentifyUserUseCase
    let request: RequestStudyUseCase
    let accept: AcceptStudyUseCase
    let dodge: DodgeMatchUseCase
    let review: ReviewPartnerUseCase
    let report: ReportUserUseCase
    let clock: any TimeProvider

    func mutate(_ action: Action, sink: MutationSink<Mutation, State>) async {
        sink.catching(Mutation.setFailure) {
            switch action {
            case .request(let actingUser, let other):
                let me = try identify(actingUser)
                let outcome = try Failure.wording(.userNotFound, as: Self.nobody(other)) { try request(me: me.uid, other: other) }
                sink(.setOutcome(.requested(outcome)))
            case .accept(let actingUser, let other):
                let me = try identify(actingUser)
                do {
                    sink(.setOutcome(.accepted(try Failure.wording(.userNotFound, as: Self.nobody(other)) { try accept(me: me.uid, other: other) })))
                } catch let refusal as DomainError {
                    // SLP numbered being matched already differently here.
                    throw Failure(refusal, during: .accept)
                }
            case .dodge(let actingUser, let partner):
                let me = try identify(actingUser)
                // With no user named, "no match with that user" would not fit.
                let (decision, match) = try Failure.wording(.notPartner, as: partner == nil ? "you have no current match to cancel" : nil) {
                    try dodge(me: me.uid, partner: partner)
                }
                let seconds = decision.penaltyUntil.map { Int($0.timeIntervalSince(clock.now).rounded(.up)) } ?? 0
                sink(.setOutcome(.dodged(partner: match.partner, penaltySeconds: seconds)))
            case .review(let actingUser, let partner, let titles, let comment):
                let me = try identify(actingUser)
                let reviewed = try review(me: me.uid, partner: partner, titles: titles, comment: comment)
                sink(.setOutcome(.reviewed(reviewed, titles: ReputationTitle.allCases.filter(titles.contains))))
            case .report(let actingUser, let other, let reason, let comment):
                let me = try identify(actingUser)
                let reported = try Failure.wording(.notPartner, as: "you can report only someone you are or were matched with") {
                    try Failure.wording(.userNotFound, as: Self.nobody(other)) {
                        try report(me: me.uid, other: other, reason: reason, comment: comment)
                    }
                }
                sink(.setOutcome(.reported(reported)))
            }
        }
    }

    /// `user_not_found` naming the uid that nobody has (the domain's sentence names nobody).
    static func nobody(_ uid: UserID) -> String { "no user with uid \(uid.rawValue)" }

    nonisolated static func reduce(_ state: State, _ mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setOutcome(let outcome):
            state.outcome = outcome
            state.failure = nil
        case .setFailure(let failure):
            state.failure = failure
            state.outcome = nil
        }
        return state
    }
}
