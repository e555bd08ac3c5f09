import XCTest

@testable import slp

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
        let store = TestStore(CounterFeature(), initialState: .init(), test: self)
        await store.send(.bumpTwiceAndReport)
        store.receive(.add(1)) { $0.count = 1 }
        store.receive(.add(10)) { $0.count = 11 }
        store.receive(.record(11)) { $0.seen = [11] }
    }
}
