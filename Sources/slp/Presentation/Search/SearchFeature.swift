import SLPDomain

/// `slp search`: who waits nearby, who asked me, what is popular around.
struct SearchFeature: Feature {
    enum Action: Sendable {
        case search(actingUser: String?, SearchRequest)
    }

    enum Mutation: Sendable, Equatable {
        case setResult(SearchResult)
        case setFailure(Failure)
    }

    struct State: Equatable, Sendable {
        var result: SearchResult?
        var failure: Failure?
    }

    let search: SearchNearbyUseCase

    func mutate(_ action: Action, sink: MutationSink<Mutation, State>) async {
        switch action {
        case .search(let actingUser, let request):
            sink.catching(Mutation.setFailure) {
                sink(.setResult(try search(actingUser: actingUser, request)))
            }
        }
    }

    nonisolated static func reduce(_ state: State, _ mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setResult(let result):
            state.result = result
            state.failure = nil
        case .setFailure(let failure):
            state.failure = failure
            state.result = nil
        }
        return state
    }
}
