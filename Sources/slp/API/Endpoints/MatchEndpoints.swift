import SLPDomain

/// Requests, matches and their endings: `studyrequest`, `studyaccept`, `dodge`, `rate`, `report`.
@MainActor
enum MatchEndpoints {
    /// `POST /v1/queue/studyrequest`: otheruid. When they had asked me, slp matches us at once
    /// and answers 201, as SLP answered then; the app's `studyaccept` that follows answers 200.
    static func request(_ call: APICall) async throws -> APIResponse {
        let other = try otherUID(call)
        let state = slpRefusal(await call.run(.request(actingUser: call.actingUser, other: other), feature: \.matchFeature, initialState: .init()))
        var status = 200
        if case .requested(let outcome)? = state.outcome, outcome.isMatched { status = 201 }
        return render(call, state, status: status)
    }

    /// `POST /v1/queue/studyaccept`: otheruid; my partner already is 200 (the match stands).
    static func accept(_ call: APICall) async throws -> APIResponse {
        let other = try otherUID(call)
        let action = MatchFeature.Action.accept(actingUser: call.actingUser, other: other)
        return render(call, slpRefusal(await call.run(action, feature: \.matchFeature, initialState: .init())))
    }

    /// `POST /v1/queue/dodge`: otheruid, which must be my partner (201 otherwise).
    static func dodge(_ call: APICall) async throws -> APIResponse {
        let partner = try call.parameters.uid("otheruid")
        return render(call, await call.run(.dodge(actingUser: call.actingUser, partner: partner), feature: \.matchFeature, initialState: .init()))
    }

    /// `POST /v1/queue/rate/{uid}`: reputation (the six titles as 0/1), comment; the apps also
    /// send otheruid, which must then be the uid of the path.
    static func rate(_ call: APICall, partner text: String) async throws -> APIResponse {
        let partner = try FormParameters.uid(text, "the uid of the path")
        if let other = try call.parameters.uid("otheruid"), other != partner {
            throw APIFailure.invalid("otheruid", "is not the uid of the path")
        }
        guard let flags = try call.parameters.flags("reputation") else { throw APIFailure.missing("reputation") }
        let titles = Set(ReputationTitle.allCases.filter { flags[$0.rawValue] })
        let action = MatchFeature.Action.review(
            actingUser: call.actingUser, partner: partner, titles: titles, comment: try call.parameters.value("comment"))
        return render(call, await call.run(action, feature: \.matchFeature, initialState: .init()))
    }

    /// `POST /v1/user/report`: otheruid, reportedReputation (SLP's six reasons as 0/1, in
    /// `ReportReason` order: the first set is the reason; none is `other`), comment.
    static func report(_ call: APICall) async throws -> APIResponse {
        let other = try otherUID(call)
        let flags = try call.parameters.flags("reportedReputation") ?? []
        let reason = zip(ReportReason.allCases, flags).first { $0.1 }?.0 ?? .other
        let action = MatchFeature.Action.report(
            actingUser: call.actingUser, other: other, reason: reason, comment: try call.parameters.value("comment"))
        return render(call, await call.run(action, feature: \.matchFeature, initialState: .init()))
    }

    /// SLP answered an `otheruid` nobody has as one who is not waiting (202), and its apps know
    /// only that: the command line's `user_not_found` stays 202 `other_not_searching` here.
    private static func slpRefusal(_ state: MatchFeature.State) -> MatchFeature.State {
        guard state.failure?.code == DomainError.userNotFound.code else { return state }
        var state = state
        state.failure = Failure(DomainError.otherNotSearching)
        return state
    }

    private static func otherUID(_ call: APICall) throws -> UserID {
        guard let other = try call.parameters.uid("otheruid") else { throw APIFailure.missing("otheruid") }
        return other
    }

    private static func render(_ call: APICall, _ state: MatchFeature.State, status: Int = 200) -> APIResponse {
        call.answer(state.failure, status: status) { MatchRenderer(format: .json, failures: call.failures).render(state) }
    }
}
