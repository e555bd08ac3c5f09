import SLPDomain

/// `slp queue`, `slp queue stop` and `slp queue status`: the matching queue and where I stand.
struct QueueFeature: Feature {
    enum Action: Sendable {
        /// Enter or refresh my place at a position with studies (values as typed).
        case enter(actingUser: String?, latitude: Double, longitude: Double, studies: [String])
        /// Leave the queue.
        case stop(actingUser: String?)
        /// Where I stand: general, waiting or matched.
        case status(actingUser: String?)
    }

    enum Mutation: Sendable, Equatable {
        /// I am waiting here now.
        case setEntered(QueueEntry)
        /// I left (true) or was not waiting (false).
        case setLeft(Bool)
        /// My queue state now.
        case setState(QueueState)
        case setFailure(Failure)
    }

    struct State: Equatable, Sendable {
        var entry: QueueEntry?
        /// Set after a stop: whether I was waiting before it.
        var left: Bool?
        /// Set after a status query.
        var queueState: QueueState?
        var failure: Failure?
    }

    let identify: IdentifyUserUseCase
    let enter: EnterQueueUseCase
    let leave: LeaveQueueUseCase
    let state: QueueStateUseCase

    func mutate(_ action: Action, sink: MutationSink<Mutation, State>) async {
        sink.catching(Mutation.setFailure) {
            switch action {
            case .enter(let actingUser, let latitude, let longitude, let studies):
                let me = try identify(actingUser)
                sink(.setEntered(try enter(me: me.uid, latitude: latitude, longitude: longitude, studies: studies)))
            case .stop(let actingUser):
                let me = try identify(actingUser)
                sink(.setLeft(try leave(me: me.uid)))
            case .status(let actingUser):
                let me = try identify(actingUser)
                sink(.setState(try state(me: me.uid)))
            }
        }
    }

    nonisolated static func reduce(_ state: State, _ mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setEntered(let entry):
            state.entry = entry
            state.failure = nil
        case .setLeft(let left):
            state.left = left
            state.entry = nil
            state.failure = nil
        case .setState(let queueState):
            state.queueState = queueState
            state.failure = nil
        case .setFailure(let failure): state.failure = failure
        }
        return state
    }
}
