import Foundation
import Synchronization

/// Work started on several threads at the same moment, to give races a chance to show.
enum Threads {
    /// Runs `body(index)` on `count` threads released together; returns what each returned or
    /// threw, by index, once all have finished.
    static func run<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) throws -> T) -> [Result<T, any Error>] {
        let results = Mutex<[Int: Result<T, any Error>]>([:])
        let ready = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for index in 0..<count {
            done.enter()
            Thread {
                defer { done.leave() }
                ready.signal()
                go.wait()
                let result = Result { try body(index) }
                results.withLock { $0[index] = result }
            }.start()
        }
        for _ in 0..<count { ready.wait() }
        for _ in 0..<count { go.signal() }
        done.wait()
        return results.withLock { all in (0..<count).map { all[$0]! } }
    }
}
