import SLPDomain

/// `slp register`: submits a registration and holds the new user or the refusal.
struct RegisterFeature: Feature {
    enum Action: Sendable {
        /// Register with values whose syntax the command line already checked.
        case submit(RegisterUserUseCase.Request)
    }

    enum Mutation: Sendable, Equatable {
        /// The service stored this user.
        case setRegistered(User)
        /// The service said no, or could not answer.
        case setFailure(Failure)
    }

    struct State: Equatable, Sendable {
        /// The registered user; nil until success.
        var user: User?
        /// Why registration failed; nil unless it did.
        var failure: Failure?
    }

    let register: RegisterUserUseCase

    func mutate(_ action: Action, sink: MutationSink<Mutation, State>) async {
        switch action {
        case .submit(let request):
            sink.catching(Mutation.setFailure) {
                sink(.setRegistered(try register(request)))
            }
        }
    }

    nonisolated static func reduce(_ state: State, _ mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setRegistered(let user):
            state.user = user
            state.failure = nil
        case .setFailure(let failure):
            state.failure = failure
            state.user = nil
        }
        return state
    }
}
