/// One screen's logic, ReactorKit-style: an `Action` comes in, `mutate` performs the side
/// effects and emits `Mutation`s in order, the pure `reduce` folds each into the `State`.
@MainActor
protocol Feature {
    /// What the user asked for.
    associatedtype Action: Sendable
    /// One step of change; emitted by `mutate`, applied by `reduce`.
    associatedtype Mutation: Sendable
    /// Everything the renderer needs; compared to skip redundant updates.
    associatedtype State: Equatable & Sendable

    /// The only place use cases are called. Mutations are applied in the order emitted, and
    /// `sink.state` already includes every mutation emitted before it is read.
    func mutate(_ action: Action, sink: MutationSink<Mutation, State>) async

    /// Pure: no I/O, no clock, no randomness.
    nonisolated static func reduce(_ state: State, _ mutation: Mutation) -> State
}
