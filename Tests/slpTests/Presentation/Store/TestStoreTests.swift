import XCTest

@testable import slp

/// TestStore holds a test to every mutation without being asked: its failures are collected
/// here (through its failure reporter) and compared, instead of failing these tests.
@MainActor
final class TestStoreTests: XCTestCase {
    func testAMutationLeftUnreceivedFailsTheTestWhenItEnds() async {
        let reported = ReportedFailures()
        // Teardown blocks run last first: this one, added before the store's, runs after it.
        addTeardownBlock { @MainActor in
            XCTAssertEqual(reported.messages, ["unreceived mutations at the end of the test: add(10), record(11)"])
        }
        let store = TestStore(CounterFeature(), initialState: .init(), test: self, reportFailure: reported.record)
        await store.send(.bumpTwiceAndReport)
        store.receive(.add(1)) { $0.count = 1 }
        XCTAssertEqual(reported.messages, [], "nothing is reported before the test ends")
    }

    func testSendingWhileMutationsArePendingFails() async {
        let reported = ReportedFailures()
        addTeardownBlock { @MainActor in
            XCTAssertEqual(reported.messages.count, 1, "every mutation was received in the end: nothing more is reported")
        }
        let store = TestStore(CounterFeature(), initialState: .init(), test: self, reportFailure: reported.record)
        await store.send(.bumpTwiceAndReport)
        await store.send(.setSame)
        XCTAssertEqual(reported.messages, ["unreceived mutations before send: add(1), add(10), record(11)"])
        store.receive(.add(1)) { $0.count = 1 }
        store.receive(.add(10)) { $0.count = 11 }
        store.receive(.record(11)) { $0.seen = [11] }
        store.receive(.set(11))
    }

    func testAnotherMutationAnotherStateOrNoMutationFails() async {
        let reported = ReportedFailures()
        let store = TestStore(CounterFeature(), initialState: .init(), test: self, reportFailure: reported.record)
        await store.send(.bumpTwiceAndReport)
        store.receive(.add(2)) { $0.count = 1 }
        store.receive(.add(10)) { $0.count = 10 }
        store.receive(.record(11)) { $0.seen = [11] }
        store.receive(.record(11))
        XCTAssertEqual(reported.messages, [
            "received add(1), expected add(2)",
            "state after add(10) is State(count: 11, seen: []), expected State(count: 10, seen: [])",
            "expected record(11), but no mutation is pending",
        ])
        XCTAssertEqual(store.state, CounterFeature.State(count: 11, seen: [11]), "the store goes on from the state it really has")
    }
}
