#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain
import SLPRealtime

/// The hub's reader: on the main actor, beside the loop's thread, it answers what the loop asks
/// (`HubQuestion`) one question at a time: tokens checked as REST checks them, registration and
/// events read from storage, refusals worded as REST words them. The loop never waits for it.
@MainActor
final class HubReader {
    private let service: APIService

    init(service: APIService) {
        self.service = service
    }

    func answer(_ question: HubQuestion) -> HubAnswer {
        switch question {
        case .identify(let token):
            .caller(registered(during: "/socket.io/") {
                let (uid, identity) = try APIApplication.caller(idToken: token, service: service)
                let left = identity.expires - (try service.dependencies().now).timeIntervalSince1970
                return (uid, .milliseconds(Int64(max(0, min(left, 1e9)) * 1_000)))
            })
        case .admit(let uid):
            .caller(registered(during: "a Socket.IO CONNECT") { (try UserID(uid), nil) })
        case .poll(let token, let target):
            firstLook(token, target)
        case .look(let uid, let since):
            look(uid, since)
        }
    }

    /// The user `who` names (and how long their token holds), if registered; else the refusal
    /// REST answers (401, 406, 503).
    private func registered(during what: String, _ who: () throws -> (UserID, Duration?)) -> HubCaller {
        do {
            let (uid, expiresIn) = try who()
            _ = try IdentifyUserUseCase(storage: try service.dependencies().storage)(uid.rawValue)
            return .user(uid.rawValue, expiresIn: expiresIn)
        } catch {
            let (shown, headers) = APIResponse.shown(failure(error, during: what))
            return .refused(HubRefusal(shown.status ?? 500, code: shown.code, message: shown.message, headers: headers))
        }
    }

    /// A long poll's caller and parameters, then what is there for them: answered at once
    /// (events, `[]` for no wait, a refusal), or held.
    private func firstLook(_ token: String?, _ target: String) -> HubAnswer {
        do {
            let (uid, _) = try APIApplication.caller(idToken: token, service: service)
            var parameters = FormParameters()
            try parameters.add(formEncoded: target.drop { $0 != "?" }.dropFirst().utf8)
            let (since, wait) = try EventsEndpoints.limits(parameters)
            let batch = try follow().look(me: uid, after: since)
            guard batch.events.isEmpty, wait > 0 else { return .respond(HTTPResponse(EventsEndpoints.answer(batch.events))) }
            return .hold(uid: uid.rawValue, since: since, wait: .seconds(wait), lookAgain: try lookAgain(batch.penaltyEnds))
        } catch {
            return .respond(HTTPResponse(.failure(failure(error, during: "GET /v1/events"))))
        }
    }

    private func look(_ uid: String, _ since: Int64) -> HubAnswer {
        do {
            let batch = try follow().look(me: try UserID(uid), after: since)
            return batch.events.isEmpty ? .nothing : .respond(HTTPResponse(EventsEndpoints.answer(batch.events)))
        } catch {
            return .respond(HTTPResponse(.failure(failure(error, during: "GET /v1/events"))))
        }
    }

    private func follow() throws -> FollowEventsUseCase {
        let dependencies = try service.dependencies()
        return FollowEventsUseCase(storage: dependencies.storage, clock: dependencies.clock, page: EventsEndpoints.page)
    }

    /// How long until a penalty ends, which nothing commits: a held poll looks again then.
    private func lookAgain(_ penaltyEnds: Date?) throws -> Duration? {
        guard let penaltyEnds else { return nil }
        let left = max(0, penaltyEnds.timeIntervalSince(try service.dependencies().now))
        return .milliseconds(Int64((left * 1_000).rounded(.up)))
    }

    /// A failure as REST tells it; the service's own (a 500) is logged and opens the storage
    /// afresh next time.
    private func failure(_ error: any Error, during what: String) -> Failure {
        let failure = APIApplication.refusal(error) ?? Failure(error)
        if HTTPStatus.of(failure) == 500 {
            StandardStreams.writeError("slp hub: \(what): \(FailureRenderer.oneLine(failure.message))\n")
            service.discard()
        }
        return failure
    }
}
