import SLPDomain

/// `slp seed`: grows a synthetic waiting population.
struct SeedFeature: Feature {
    enum Action: Sendable {
        case seed(SeedOptions)
    }

    enum Mutation: Sendable, Equatable {
        /// Users stored so far.
        case setProgress(Int)
        case setDone(SeedOptions)
        case setFailure(Failure)
    }

    struct State: Equatable, Sendable {
        var added = 0
        /// The options of a finished run.
        var done: SeedOptions?
        var failure: Failure?
    }

    let seed: SeedPopulationUseCase

    func mutate(_ action: Action, sink: MutationSink<Mutation, State>) async {
        switch action {
        case .seed(let options):
            sink.catching(Mutation.setFailure) {
                try seed(options) { sink(.setProgress($0)) }
                sink(.setDone(options))
            }
        }
    }

    nonisolated static func reduce(_ state: State, _ mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setProgress(let added): state.added = added
        case .setDone(let options): state.done = options
        case .setFailure(let failure): state.failure = failure
        }
        return state
    }
}
