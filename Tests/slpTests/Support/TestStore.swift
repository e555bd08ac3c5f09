import XCTest

@testable import slp

/// Runs a feature like `Store` does and makes the test account for every mutation, in order,
/// with the exact state after each (in the manner of TCA's TestStore). A mutation left
/// unreceived fails the next `send`, or else the test when it ends: nothing to remember to call.
@MainActor
final class TestStore<F: Feature> where F.Mutation: Equatable {
    /// Where a failed expectation goes: `XCTFail` in the running test, unless a test of
    /// TestStore itself collects them.
    typealias FailureReporter = @MainActor (_ message: String, _ file: StaticString, _ line: UInt) -> Void

    private let feature: F
    private let reportFailure: FailureReporter
    /// The state the test has asserted so far.
    private(set) var state: F.State
    /// The live state mutate sees, updated at once on every emitted mutation.
    private var liveState: F.State
    /// Mutations emitted and not yet received by the test, with the state after each.
    private var pending: [(mutation: F.Mutation, state: F.State)] = []

    /// A store whose unreceived mutations fail `test` when it ends, reported at the line that
    /// made the store.
    init(
        _ feature: F, initialState: F.State, test: XCTestCase,
        reportFailure: @escaping FailureReporter = { XCTFail($0, file: $1, line: $2) },
        file: StaticString = #filePath, line: UInt = #line
    ) {
        self.feature = feature
        self.reportFailure = reportFailure
        state = initialState
        liveState = initialState
        test.addTeardownBlock { @MainActor [self] in
            checkNothingPending("unreceived mutations at the end of the test", file: file, line: line)
        }
    }

    /// Sends an action and runs its side effects to completion; the test must then `receive`
    /// every mutation. Fails if mutations of an earlier action were left unreceived.
    func send(_ action: F.Action, file: StaticString = #filePath, line: UInt = #line) async {
        checkNothingPending("unreceived mutations before send", file: file, line: line)
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
            reportFailure("expected \(expected), but no mutation is pending", file, line)
            return
        }
        let (mutation, actual) = pending.removeFirst()
        if mutation != expected { reportFailure("received \(mutation), expected \(expected)", file, line) }
        var expectedState = state
        update?(&expectedState)
        if actual != expectedState { reportFailure("state after \(mutation) is \(actual), expected \(expectedState)", file, line) }
        state = actual
    }

    private func checkNothingPending(_ failure: String, file: StaticString, line: UInt) {
        guard !pending.isEmpty else { return }
        reportFailure("\(failure): " + pending.map { "\($0.mutation)" }.joined(separator: ", "), file, line)
    }
}
