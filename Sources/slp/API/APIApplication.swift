#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain
import SLPIdentity
import SLPSupport
import SLPWebServer

/// Answers one API request: the path and method first (404, 405), then who calls (401), then
/// whether they may write now (429), then what they sent (501), then the endpoint, whose
/// feature runs the use cases as the command line's does. Identity comes only from the
/// `idtoken` header, never from a parameter.
@MainActor
enum APIApplication {
    static func respond(to request: CGIRequest, service: APIService) async -> APIResponse {
        // The web server's handler for a path it has no file for (lighttpd's 404 handler, with
        // `--cgi`, which also gets every method the files' paths do not take): a path of serve's
        // asked with a method it does not take is the 405 the workers answer; any other is 404.
        if request.redirectStatus == 404 {
            guard let asked = request.requestURI?.split(separator: "?", omittingEmptySubsequences: false).first,
                  let route = APIRouter.route(path: String(asked)), !route.methods.contains(request.method)
            else { return .failure(APIFailure.notFound) }
            return methodNotAllowed(route)
        }
        guard let route = APIRouter.route(path: request.path) else { return .failure(APIFailure.notFound) }
        guard route.methods.contains(request.method) else { return methodNotAllowed(route) }
        // A public path (RouteTable: no token) is answered before any token is looked at.
        guard route.route.needsToken else { return await publicAnswer(route, service: service) }
        do {
            let (uid, identity) = try caller(idToken: request.idToken, service: service)
            // A write costs its caller a token before anything else is read; a read costs nothing.
            if let kind = route.writeKind(method: request.method), let refusal = service.writeLimits.take(kind, uid: uid) {
                return refusal
            }
            let call = APICall(uid: uid, identity: identity, parameters: try parameters(request), dependencies: try service.dependencies())
            let response = try await dispatch(route, method: request.method, call)
            if response.status == 500 { service.discard() }
            return response
        } catch {
            if let refusal = refusal(error) { return .failure(refusal) }
            let failure = Failure(error)
            if HTTPStatus.of(failure) == 500 {
                // For the server's error log: what failed, never what was sent.
                StandardStreams.writeError("slp: \(request.method) \(FailureRenderer.oneLine(request.path)): \(FailureRenderer.oneLine(failure.message))\n")
                service.discard()
            }
            return .failure(failure)
        }
    }

    /// Who an `idtoken` proves the caller is (as REST, the hub's sockets and its long polls ask).
    /// Firebase's certificates are read again when their file changes, so a refreshed file
    /// counts at once.
    static func caller(idToken: String?, service: APIService) throws -> (UserID, VerifiedIdentity) {
        let firebase = try service.firebase.current()
        let identity = try service.dependencies().tokens(firebase: firebase).verify(idToken)
        // The uid must name exactly this user wherever a uid or a phone may stand.
        guard let uid = try? UserID(identity.subject), UserReference(identity.subject) == .uid(uid) else {
            throw APIFailure.unauthorized("the idtoken names a uid this service cannot hold")
        }
        return (uid, identity)
    }

    /// What a refusal of the caller's `idtoken` is (401, or 503 while Firebase's certificates
    /// are unreadable); nil for any other error.
    static func refusal(_ error: any Error) -> Failure? {
        switch error {
        case let rejection as TokenRejection: APIFailure.unauthorized(rejection.message)
        case is FirebaseKeysUnavailable: APIFailure.firebaseUnavailable
        default: nil
        }
    }

    /// The query's parameters, then the body's: form-encoded, with or without a charset, or
    /// with no Content-Type at all.
    static func parameters(_ request: CGIRequest) throws(Failure) -> FormParameters {
        var parameters = FormParameters()
        try parameters.add(formEncoded: request.query.utf8)
        guard !request.body.isEmpty else { return parameters }
        if let type = request.contentType {
            let fields = type.split(separator: ";").map { String($0).trimmingWhitespace.lowercased() }
            let charset = fields.dropFirst().first { $0.hasPrefix("charset=") }
            guard fields.first == "application/x-www-form-urlencoded",
                  charset.map({ ["charset=utf-8", "charset=\"utf-8\""].contains($0) }) ?? true
            else { throw APIFailure.malformed("a body that is not application/x-www-form-urlencoded in UTF-8") }
        }
        try parameters.add(formEncoded: request.body)
        return parameters
    }

    /// 405, with the methods `route` takes.
    private static func methodNotAllowed(_ route: APIRoute) -> APIResponse {
        var response = APIResponse.failure(APIFailure.methodNotAllowed)
        response.headers.append(("Allow", route.methods.joined(separator: ", ")))
        return response
    }

    /// The answer on a path that needs no token.
    private static func publicAnswer(_ route: APIRoute, service: APIService) async -> APIResponse {
        switch route.name {
        case .health: HealthEndpoint.answer(environment: service.environment)
        default: .failure(APIFailure.notFound)
        }
    }

    private static func dispatch(_ route: APIRoute, method: String, _ call: APICall) async throws -> APIResponse {
        switch (route.name, method) {
        case (.user, "GET"): return await UserEndpoints.show(call)
        case (.user, _): return try await UserEndpoints.register(call)
        case (.myPage, _): return try await UserEndpoints.updateMyPage(call)
        case (.withdraw, _): return await UserEndpoints.withdraw(call)
        case (.pushToken, _): return try await UserEndpoints.updatePushToken(call)
        case (.queue, "POST"): return try await QueueEndpoints.enter(call)
        case (.queue, _): return await QueueEndpoints.leave(call)
        case (.search, _): return try await QueueEndpoints.search(call)
        case (.queueState, _): return await QueueEndpoints.state(call)
        case (.studyRequest, _): return try await MatchEndpoints.request(call)
        case (.studyAccept, _): return try await MatchEndpoints.accept(call)
        case (.dodge, _): return try await MatchEndpoints.dodge(call)
        case (.rate, _): return try await MatchEndpoints.rate(call, partner: route.partner)
        case (.report, _): return try await MatchEndpoints.report(call)
        case (.chat, "GET"): return try await ChatEndpoints.read(call, partner: route.partner)
        case (.chat, _): return try await ChatEndpoints.send(call, partner: route.partner)
        case (.shopInfo, _): return await ShopEndpoints.info(call)
        case (.shopItem, _): return try await ShopEndpoints.wear(call)
        case (.shopPurchase, _): return try await ShopEndpoints.purchase(call)
        case (.events, _): return try await EventsEndpoints.poll(call)
        // lighttpd hands Socket.IO to the hub and serves the web client's files itself; a public
        // path is answered before any token.
        case (.socketIO, _), (.health, _), (.page, _), (.pageFile, _), (.leaflet, _): return .failure(APIFailure.notFound)
        }
    }
}
