import Foundation

/// Runs `count` bodies at once, each on a thread of its own (the load clients block in waitpid,
/// so they must not share a pool of core-count size), and returns their results in order.
enum ThreadGroup {
    static func run<Result: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> Result) -> [Result] {
        let slots = Slots<Result>(count)
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            let thread = Thread {
                slots.set(index, body(index))
                group.leave()
            }
            thread.start()
        }
        group.wait()
        return slots.values
    }

    private final class Slots<Result: Sendable>: @unchecked Sendable {
        private var items: [Result?]
        private let lock = NSLock()

        init(_ count: Int) { items = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ value: Result) { lock.withLock { items[index] = value } }

        var values: [Result] { lock.withLock { items.map { $0! } } }
    }
}
