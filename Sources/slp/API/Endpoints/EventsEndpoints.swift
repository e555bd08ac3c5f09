import SLPDomain

/// `GET /v1/events?since=ID&wait=SECONDS`: slp's pushes by long poll. The events after `since`
/// (0: all kept) as a JSON array as soon as there is one, at most a page of them (the client
/// goes on with `since` = the last id), `[]` once `wait` seconds (at most 60) pass without any.
/// Woken as `slp events` is: by any process's commit.
@MainActor
enum EventsEndpoints {
    nonisolated static let longestWait = 60
    /// The events one answer carries at most: a user who fell far behind catches up page by
    /// page, each answer a size any client and the hub take at once.
    nonisolated static let page = 100

    static func poll(_ call: APICall) async throws -> APIResponse {
        let (since, wait) = try limits(call.parameters)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(wait))
        let store = call.store({ $0.eventsFeature(page: page) }, initialState: .init())
        await store.send(.open(actingUser: call.actingUser, since: since))
        while store.state.events.isEmpty, store.state.isFollowing, clock.now < deadline {
            await store.send(.poll)
        }
        if let failure = store.state.failure { return .failure(failure) }
        return answer(store.state.events)
    }

    /// The answer telling `events` (a page at most): the JSON array of their objects.
    nonisolated static func answer(_ events: [UserEvent]) -> APIResponse {
        let renderer = EventRenderer(format: .json)
        return APIResponse(status: 200, body: JSONValue.array(events.map(renderer.json)).text + "\n")
    }

    /// The event after which to answer, and the seconds to wait for one.
    static func limits(_ parameters: FormParameters) throws -> (since: Int64, wait: Int) {
        let since = try parameters.integer("since") ?? 0
        guard since >= 0 else { throw APIFailure.invalid("since", "is an event id, 0 or more") }
        let wait = try parameters.integer("wait") ?? 0
        guard (0...longestWait).contains(wait) else { throw APIFailure.invalid("wait", "is 0 to \(longestWait) seconds") }
        return (Int64(since), wait)
    }
}
