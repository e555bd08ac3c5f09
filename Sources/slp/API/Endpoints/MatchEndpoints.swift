import SLPDomain

/// Requests, matches and their endings: `studyrequest`, `studyaccept`, `dodge`, `rate`, `report`.
/// Each is one use-case call as the verified caller, drawn by the command line's renderer.
@MainActor
enum MatchEndpoints {
    /// `POST /v1/queue/studyrequest`: otheruid. When they had asked me, slp matches us at once
    /// and answers 201, as SLP answered then; the app's `studyaccept` that follows answers 200.
    static func request(_ call: APICall) async throws -> APIResponse {
        let other = try otherUID(call)
        return call.perform {
            let outcome = try slpRefusal { try RequestStudyUseCase(storage: call.storage, clock: call.clock)(me: call.uid, other: other) }
            return .document(MatchRenderer(format: .json).render(.requested(outcome)), status: outcome.isMatched ? 201 : 200)
        }
    }

    /// `POST /v1/queue/studyaccept`: otheruid. Accepting the partner a request just matched me
    /// with is that match again (200).
    static func accept(_ call: APICall) async throws -> APIResponse {
        let other = try otherUID(call)
        return call.perform {
            let accept = AcceptStudyUseCase(storage: call.storage, clock: call.clock)
            let outcome = try Failure.during(.accept) { try slpRefusal { try accept(me: call.uid, other: other) } }
            return .document(MatchRenderer(format: .json).render(.accepted(outcome)))
        }
    }

    /// `POST /v1/queue/dodge`: otheruid, which must name my partner (201 otherwise): a request
    /// that names nobody ends no match (501).
    static func dodge(_ call: APICall) async throws -> APIResponse {
        let partner = try otherUID(call)
        return call.perform {
            let dodge = try DodgeMatchUseCase(storage: call.storage, clock: call.clock)(me: call.uid, partner: partner)
            return .document(MatchRenderer(format: .json).render(.dodge(dodge, now: call.now)))
        }
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
        let comment = try call.parameters.value("comment")
        return call.perform {
            let reviewed = try ReviewPartnerUseCase(storage: call.storage, clock: call.clock)(me: call.uid, partner: partner, titles: titles, comment: comment)
            return .document(MatchRenderer(format: .json).render(.review(reviewed, given: titles)))
        }
    }

    /// `POST /v1/user/report`: otheruid, reportedReputation (SLP's six reasons as 0/1, in
    /// `ReportReason` order: the first set is the reason; none is `other`), comment.
    static func report(_ call: APICall) async throws -> APIResponse {
        let other = try otherUID(call)
        let flags = try call.parameters.flags("reportedReputation") ?? []
        let reason = zip(ReportReason.allCases, flags).first { $0.1 }?.0 ?? .other
        let comment = try call.parameters.value("comment")
        return call.perform {
            let reported = try Failure.reporting(other) {
                try ReportUserUseCase(storage: call.storage, clock: call.clock)(me: call.uid, other: other, reason: reason, comment: comment)
            }
            return .document(MatchRenderer(format: .json).render(.reported(reported)))
        }
    }

    /// SLP answered an `otheruid` nobody has as one who is not waiting (202), and its apps know
    /// only that: the command line's `user_not_found` is 202 `other_not_searching` here.
    private static func slpRefusal<T>(_ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch DomainError.userNotFound {
            throw DomainError.otherNotSearching
        }
    }

    private static func otherUID(_ call: APICall) throws -> UserID {
        guard let other = try call.parameters.uid("otheruid") else { throw APIFailure.missing("otheruid") }
        return other
    }
}
