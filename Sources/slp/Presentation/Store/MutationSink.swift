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
    /// Runs `work`; an error it throws becomes one `failure` mutation, after whatever `work`
    /// emitted before it.
    func catching(_ failure: (Failure) -> Mutation, _ work: () throws -> Void) {
        do {
            try work()
        } catch {
            self(failure(Failure(error)))
        }
    }

    /// `catching` for work that waits.
    func catching(_ failure: (Failure) -> Mutation, _ work: () async throws -> Void) async {
        do {
            try await work()
        } catch {
            self(failure(Failure(error)))
        }
    }
}
