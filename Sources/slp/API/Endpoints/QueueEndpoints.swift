import SLPDomain

/// `/v1/queue…`: waiting, leaving, searching, and where I stand.
@MainActor
enum QueueEndpoints {
    /// `POST /v1/queue`: lat, long, studylist (repeated; none or `anything` is anything).
    static func enter(_ call: APICall) async throws -> APIResponse {
        let parameters = call.parameters
        guard let latitude = try parameters.decimal("lat") else { throw APIFailure.missing("lat") }
        guard let longitude = try parameters.decimal("long") else { throw APIFailure.missing("long") }
        let studies = parameters.values("studylist")
        return call.perform {
            let enter = EnterQueueUseCase(storage: call.storage, clock: call.clock)
            let entry = try enter(me: call.uid, latitude: latitude, longitude: longitude, studies: studies)
            return .document(QueueRenderer(format: .json).entered(entry))
        }
    }

    /// `DELETE /v1/queue`.
    static func leave(_ call: APICall) async -> APIResponse {
        call.perform { .document(QueueRenderer(format: .json).left(try LeaveQueueUseCase(storage: call.storage)(me: call.uid))) }
    }

    /// `GET /v1/queue/myQueueState`: 201 when I neither wait nor am matched (SLP's "not in a
    /// queue", the normal state), with the same document.
    static func state(_ call: APICall) async -> APIResponse {
        call.perform {
            let state = try QueueStateUseCase(storage: call.storage)(me: call.uid)
            return .document(QueueRenderer(format: .json).status(state), status: state.status == .general ? 201 : 200)
        }
    }

    /// `POST /v1/queue/search`: around lat and long (both, or neither for my queued place), with
    /// everyone where the API shows them (SPEC §6, "Where someone stands").
    static func search(_ call: APICall) async throws -> APIResponse {
        var request = SearchRequest(positions: .shown)
        switch (try call.parameters.decimal("lat"), try call.parameters.decimal("long")) {
        case (let latitude?, let longitude?):
            request.center = try Coordinate(latitude: latitude, longitude: longitude)
        case (nil, nil):
            break
        default:
            throw APIFailure.invalid("lat and long", "go together")
        }
        let search = SearchNearbyUseCase(storage: call.storage, clock: call.clock)
        return call.perform { .document(SearchRenderer(format: .json).render(try search(me: call.uid, request))) }
    }

}
