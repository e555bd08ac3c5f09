/// Handed to `Feature.mutate`: emits a mutation (reduced at once) and reads the current state.
@MainActor
final class MutationSink<Mutation, State> {
    private let emitMutation: (Mutation) -> Void
    private let readState: () -> State

    init(emit: @escaping (Mutation) -> Void, state: @escaping () -> State) {
        emitMutation = emit
        readState = state
    }

    /// Applies `mutation` now; the next read of `state` sees it.
    func callAsFunction(_ mutation: Mutation) {
        emitMutation(mutation)
    }

    /// The state after every mutation emitted so far, never one step late.
    var state: State { readState() }
}

extension MutationSink {
    /// The shape of every request a screen makes: `loading(true)`, the work, `loading(false)`,
    /// with any error turned into one `failure` mutation in between.
    func request(loading: (Bool) -> Mutation, failure: (Failure) -> Mutation, _ work: () throws -> Void) {
        self(loading(true))
        do {
            try work()
        } catch {
            self(failure(Failure(error)))
        }
        self(loading(false))
    }
}
