/// `GET /v1/events?since=ID&wait=SECONDS`: slp's pushes by long poll. The events after `since`
/// (0: all kept) as a JSON array as soon as there is one, `[]` once `wait` seconds (at most 60)
/// pass without any. Woken as `slp events` is: by any process's commit.
@MainActor
enum EventsEndpoints {
    static let longestWait = 60

    static func poll(_ call: APICall) async throws -> APIResponse {
        let (since, wait) = try limits(call.parameters)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(wait))
        let store = call.store(\.eventsFeature, initialState: .init())
        await store.send(.open(actingUser: call.actingUser, since: since))
        while store.state.events.isEmpty, store.state.isFollowing, clock.now < deadline {
            await store.send(.poll)
        }
        if let failure = store.state.failure { return .failure(failure) }
        let renderer = EventRenderer(format: .json)
        return APIResponse(status: 200, body: JSONValue.array(store.state.events.map(renderer.json)).text + "\n")
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
