@testable import slp

/// A feature made to show the store's guarantees: ordered mutations, state readable at once,
/// no notification for a mutation that changes nothing.
struct CounterFeature: Feature {
    enum Action: Sendable { case bumpTwiceAndReport, setSame }
    enum Mutation: Sendable, Equatable { case add(Int), set(Int), record(Int) }
    struct State: Equatable, Sendable {
        var count = 0
        var seen: [Int] = []
    }

    func mutate(_ action: Action, sink: MutationSink<Mutation, State>) async {
        switch action {
        case .bumpTwiceAndReport:
            sink(.add(1))
            await Task.yield()
            sink(.add(10))
            // Reads the state after both mutations, never one step late.
            sink(.record(sink.state.count))
        case .setSame:
            sink(.set(sink.state.count))
        }
    }

    nonisolated static func reduce(_ state: State, _ mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .add(let value): state.count += value
        case .set(let value): state.count = value
        case .record(let value): state.seen.append(value)
        }
        return state
    }
}
