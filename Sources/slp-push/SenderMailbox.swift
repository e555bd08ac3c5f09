import SLPDomain
import SLPPush
import Synchronization

/// Where the sender's loop learns that there may be work: a commit (`CommitWatcher`), a send
/// that has ended (with its result), a pause that is over. Whatever arrived while the loop was
/// busy is taken at once, so sends that end together are recorded together.
final class SenderMailbox: Sendable {
    private struct State {
        var finished: [(PendingPush, FCMResult)] = []
        var signalled = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// A send of `push` ended with `result`.
    func post(_ push: PendingPush, _ result: FCMResult) {
        state.withLock { $0.finished.append((push, result)) }
        signal()
    }

    /// Something may be due: the loop looks.
    func signal() {
        let waiter = state.withLock { state in
            state.signalled = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Waits for the next signal (returns at once if one came since the last call); the sends
    /// that ended meanwhile.
    func next() async -> [(PendingPush, FCMResult)] {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                if state.signalled { return true }
                state.waiter = waiter
                return false
            }
            if now { waiter.resume() }
        }
        return state.withLock { state in
            state.signalled = false
            defer { state.finished = [] }
            return state.finished
        }
    }
}
