import SLPDomain

/// `slp queue ... --wait`: enter the queue, tell each request as it arrives, end when matched,
/// when I am no longer waiting, or when the time given runs out.
struct QueueWaitFeature: Feature {
    enum Action: Sendable {
        /// Enter (or refresh) my place, then wait there (values as typed).
        case enter(actingUser: String?, latitude: Double, longitude: Double, studies: [String])
        /// Wait for news (at most `longestWait`); nothing is read while nothing was committed.
        case poll
        /// The time given ran out.
        case timeOut(seconds: Int)
    }

    enum Mutation: Sendable, Equatable {
        /// Waiting here, told of events after `after`.
        case setEntered(QueueEntry, after: Int64)
        /// The storage's change token at the last look.
        case setToken(Int64)
        /// What a look at my events found.
        case append(EventBatch)
        /// Matched: the queue state that names my partner.
        case setMatched(QueueState)
        case setFailure(Failure)
    }

    struct State: Equatable, Sendable {
        var entry: QueueEntry?
        /// The event waiting started after.
        var start: Int64 = 0
        /// Requests told so far, oldest first; the renderer prints those it has not printed yet.
        var requests: [UserEvent] = []
        /// The last event seen (of any kind): the next look starts after it.
        var last: Int64 = 0
        var token: Int64?
        /// Set when I am matched: waiting is over.
        var matched: QueueState?
        var failure: Failure?

        /// Waiting goes on while I wait in the queue, unmatched, and nothing failed.
        var isWaiting: Bool { entry != nil && matched == nil && failure == nil }
    }

    let identify: IdentifyUserUseCase
    let enter: EnterQueueUseCase
    let state: QueueStateUseCase
    let follow: FollowEventsUseCase

    /// The longest one look waits: a commit from any process ends it at once; short, so that
    /// `--timeout` is kept to within it.
    static let longestWait: Duration = .milliseconds(250)

    func mutate(_ action: Action, sink: MutationSink<Mutation, State>) async {
        await sink.catching(Mutation.setFailure) {
            switch action {
            case .enter(let actingUser, let latitude, let longitude, let studies):
                let me = try identify(actingUser)
                // Where to start is read before entering: a request right after it is not missed.
                sink(.setToken(try follow.changeToken()))
                let start = try follow.start(me: me.uid, since: nil)
                sink(.setEntered(try enter(me: me.uid, latitude: latitude, longitude: longitude, studies: studies), after: start))
            case .poll:
                guard let me = sink.state.entry?.uid,
                      try await follow.waitForNews(since: sink.state.token, penaltyEnds: nil, upTo: Self.longestWait) else { return }
                sink(.setToken(try follow.changeToken()))
                sink(.append(try follow.look(me: me, after: sink.state.last)))
                // My state, not only my events: I may also have been matched by my own hand elsewhere.
                let standing = try state(me: me)
                switch standing.status {
                case .matched: sink(.setMatched(standing))
                case .waiting: break
                case .general: throw DomainError.notSearching
                }
            case .timeOut(let seconds):
                sink(.setFailure(Failure(code: "timeout", status: nil, message: "no match within \(seconds) s", exitCode: .refused)))
            }
        }
    }

    nonisolated static func reduce(_ state: State, _ mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setEntered(let entry, let after):
            state.entry = entry
            state.start = after
            state.last = after
        case .setToken(let token):
            state.token = token
        case .append(let batch):
            let last = state.last
            let new = batch.events.filter { $0.id > last }
            state.requests += new.filter { if case .request = $0.kind { true } else { false } }
            state.last = new.last?.id ?? last
        case .setMatched(let queueState):
            state.matched = queueState
        case .setFailure(let failure):
            state.failure = failure
        }
        return state
    }
}
