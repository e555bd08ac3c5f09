import SLPDomain

/// `slp seed`: grows a synthetic waiting population.
struct SeedFeature: Feature {
    enum Action: Sendable {
        case seed(SeedOptions)
    }

    enum Mutation: Sendable, Equatable {
        /// Users stored so far.
        case setProgress(Int)
        /// How much of the work is done, 0 to 1, as it goes (for a progress bar).
        case setFractionDone(Double)
        case setDone(SeedOptions)
        case setFailure(Failure)
    }

    struct State: Equatable, Sendable {
        var added = 0
        /// How much of the work is done, 0 to 1; never goes back (a batch tried again starts over).
        var fractionDone = 0.0
        /// The options of a finished run.
        var done: SeedOptions?
        var failure: Failure?
    }

    let seed: SeedPopulationUseCase

    func mutate(_ action: Action, sink: MutationSink<Mutation, State>) async {
        switch action {
        case .seed(let options):
            sink.catching(Mutation.setFailure) {
                try seed(options, progress: { sink(.setProgress($0)) }, fractionDone: { sink(.setFractionDone($0)) })
                sink(.setDone(options))
            }
        }
    }

    nonisolated static func reduce(_ state: State, _ mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setProgress(let added): state.added = added
        case .setFractionDone(let fraction): state.fractionDone = max(state.fractionDone, min(max(fraction, 0), 1))
        case .setDone(let options): state.done = options
        case .setFailure(let failure): state.failure = failure
        }
        return state
    }
}
