import Foundation

/// Work started on a thread of its own (a script of commands, a batch of processes) while the
/// test goes on; `result()` waits for it.
final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var outcome: Result<Value, any Error>?

    init(_ body: @escaping @Sendable () throws -> Value) {
        Thread.detachNewThread { [self] in
            let result = Result { try body() }
            lock.withLock { outcome = result }
            done.signal()
        }
    }

    /// What the work returned, or what it threw; waits until it is over.
    func result() throws -> Value {
        done.wait()
        done.signal()
        return try lock.withLock { outcome! }.get()
    }
}
