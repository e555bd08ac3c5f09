/// Runs a feature: actions in, state out, observers told only about states that changed.
@MainActor
final class Store<F: Feature> {
    private let feature: F
    private(set) var state: F.State
    private var observers: [(F.State) -> Void] = []

    init(_ feature: F, initialState: F.State) {
        self.feature = feature
        state = initialState
    }

    /// Calls `observer` with the current state now and after every change.
    func observe(_ observer: @escaping (F.State) -> Void) {
        observers.append(observer)
        observer(state)
    }

    /// Runs `action` to completion; every mutation is reduced in the order it was emitted.
    func send(_ action: F.Action) async {
        let sink = MutationSink<F.Mutation, F.State>(
            emit: { [unowned self] mutation in apply(mutation) },
            state: { [unowned self] in state })
        await feature.mutate(action, sink: sink)
    }

    private func apply(_ mutation: F.Mutation) {
        let next = F.reduce(state, mutation)
        guard next != state else { return }  // redundant updates are not rendered
        state = next
        for observer in observers { observer(next) }
    }
}
