import XCTest

@testable import slp

/// Runs a feature like `Store` does and makes the test account for every mutation, in order,
/// with the exact state after each (in the manner of TCA's TestStore).
@MainActor
final class TestStore<F: Feature> where F.Mutation: Equatable {
    private let feature: F
    /// The state the test has asserted so far.
    private(set) var state: F.State
    /// The live state mutate sees, updated at once on every emitted mutation.
    private var liveState: F.State
    /// Mutations emitted and not yet received by the test, with the state after each.
    private var pending: [(mutation: F.Mutation, state: F.State)] = []

    init(_ feature: F, initialState: F.State) {
        self.feature = feature
        state = initialState
        liveState = initialState
    }

    /// Sends an action and runs its side effects to completion; the test must then `receive`
    /// every mutation. Fails if mutations of an earlier action were left unreceived.
    func send(_ action: F.Action, file: StaticString = #filePath, line: UInt = #line) async {
        XCTAssertTrue(pending.isEmpty, "unreceived mutations before send: \(pending.map(\.mutation))", file: file, line: line)
        let sink = MutationSink<F.Mutation, F.State>(
            emit: { [unowned self] mutation in
                liveState = F.reduce(liveState, mutation)
                pending.append((mutation, liveState))
            },
            state: { [unowned self] in liveState })
        await feature.mutate(action, sink: sink)
    }

    /// Asserts the next mutation, and that the state after it equals the previous asserted
    /// state changed by `update` (nothing else may change).
    func receive(
        _ expected: F.Mutation, _ update: ((inout F.State) -> Void)? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard !pending.isEmpty else {
            XCTFail("expected \(expected), but no mutation is pending", file: file, line: line)
            return
        }
        let (mutation, actual) = pending.removeFirst()
        XCTAssertEqual(mutation, expected, "mutation", file: file, line: line)
        var expectedState = state
        update?(&expectedState)
        XCTAssertEqual(actual, expectedState, "state after \(mutation)", file: file, line: line)
        state = actual
    }

    /// Fails if any mutation was emitted and not received.
    func finish(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(pending.isEmpty, "unreceived mutations: \(pending.map(\.mutation))", file: file, line: line)
    }
}
