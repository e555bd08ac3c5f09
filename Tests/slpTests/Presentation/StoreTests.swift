import XCTest

@testable import slp

/// A feature made to show the store's guarantees: ordered mutations, state readable at once,
/// no notification for a mutation that changes nothing.
private struct CounterFeature: Feature {
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

@MainActor
final class StoreTests: XCTestCase {
    func testMutationsApplyInOrderAndStateIsCurrent() async {
        let store = Store(CounterFeature(), initialState: .init())
        var observed: [CounterFeature.State] = []
        store.observe { observed.append($0) }
        await store.send(.bumpTwiceAndReport)
        XCTAssertEqual(store.state, CounterFeature.State(count: 11, seen: [11]))
        XCTAssertEqual(observed.map(\.count), [0, 1, 11, 11])
        XCTAssertEqual(observed.last?.seen, [11])
    }

    func testRedundantMutationIsNotObserved() async {
        let store = Store(CounterFeature(), initialState: .init(count: 5))
        var observed = 0
        store.observe { _ in observed += 1 }
        await store.send(.setSame)
        XCTAssertEqual(observed, 1, "only the initial state; setting the same count changes nothing")
    }

    func testTestStoreSeesEveryMutation() async {
        let store = TestStore(CounterFeature(), initialState: .init())
        await store.send(.bumpTwiceAndReport)
        store.receive(.add(1)) { $0.count = 1 }
        store.receive(.add(10)) { $0.count = 11 }
        store.receive(.record(11)) { $0.seen = [11] }
        store.finish()
    }
}
