#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// One thread's event loop, in the way of redis's `ae.c` and lighttpd's `fdevent`: epoll tells
/// which descriptors are ready, timers wait in a heap, other threads post to mailboxes. Handlers
/// run on the loop's thread, one at a time; none may block. Not `Sendable`: everything it holds
/// belongs to the thread that runs it.
///
/// The loop owns what it runs: a descriptor's handler, and everything it captures, lives until
/// `forget` and to the end of a call of it under way (a connection that closes itself from its
/// own handler is freed only once that handler returns); a timer's action until it runs or is
/// cancelled; all of them until `run` ends. So a handler holds what it acts on strongly; only
/// what owns the loop itself (a server, and what the server owns) is held `weak` by what the
/// loop runs, so no cycle keeps them and a late call finds its owner gone rather than freed.
package final class EventLoop {
    /// What a descriptor's handler hears.
    package struct Readiness: Sendable {
        package let readable: Bool
        package let writable: Bool
        /// The peer hung up or the descriptor failed: reading gives what is left, then 0 or an error.
        package let hangUp: Bool
    }

    package typealias Handler = (Readiness) -> Void

    private let epoll: Int32
    private var handlers: [Int32: Handler] = [:]
    private var timers = TimerHeap()
    private var timerActions: [Int: () -> Void] = [:]
    private var nextTimer = 0
    private var stopped = false
    /// Events taken from one `epoll_wait`.
    private static let batch = 256

    package init() throws(SystemCallError) {
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { throw SystemCallError("epoll_create1", errno) }
    }

    deinit {
        close(epoll)
    }

    /// Calls `handler` whenever `descriptor` is readable (and writable, with `writable`).
    package func watch(_ descriptor: Int32, writable: Bool = false, _ handler: @escaping Handler) throws(SystemCallError) {
        var event = Self.event(descriptor, writable: writable)
        guard epoll_ctl(epoll, EPOLL_CTL_ADD, descriptor, &event) == 0 else { throw SystemCallError("epoll_ctl", errno) }
        handlers[descriptor] = handler
    }

    /// Whether the handler of `descriptor` also hears when it is writable (a connection with
    /// bytes waiting to go out).
    package func setWritable(_ descriptor: Int32, _ writable: Bool) {
        var event = Self.event(descriptor, writable: writable)
        _ = epoll_ctl(epoll, EPOLL_CTL_MOD, descriptor, &event)
    }

    /// Stops watching `descriptor` (before it is closed).
    package func forget(_ descriptor: Int32) {
        _ = epoll_ctl(epoll, EPOLL_CTL_DEL, descriptor, nil)
        handlers[descriptor] = nil
    }

    /// Calls `receive` on the loop with what other threads post to `mailbox`.
    package func watch<Message>(_ mailbox: LoopMailbox<Message>, _ receive: @escaping ([Message]) -> Void) throws(SystemCallError) {
        try watch(mailbox.descriptor) { _ in
            let messages = mailbox.take()
            if !messages.isEmpty { receive(messages) }
        }
    }

    /// Runs `action` once, `delay` from now; the id cancels it.
    @discardableResult
    package func after(_ delay: Duration, _ action: @escaping () -> Void) -> Int {
        nextTimer += 1
        timers.insert(.now + delay, id: nextTimer)
        timerActions[nextTimer] = action
        return nextTimer
    }

    package func cancel(_ timer: Int) {
        guard timerActions.removeValue(forKey: timer) != nil else { return }
        // A cancelled deadline waits in the heap until it comes up; once such deadlines are most
        // of it they go, or one an hour off, re-armed at every request, would pile up for an hour.
        if timers.count > 2 * timerActions.count + 64 { timers.removeAll { self.timerActions[$0] == nil } }
    }

    /// Deadlines the loop keeps, those of cancelled timers not yet dropped among them.
    package var deadlinesKept: Int { timers.count }

    /// Ends `run` after the handlers of this turn.
    package func stop() {
        stopped = true
    }

    /// Waits for and runs handlers and timers until `stop`.
    package func run() throws(SystemCallError) {
        var events = [epoll_event](repeating: epoll_event(), count: Self.batch)
        while !stopped {
            let count = epoll_wait(epoll, &events, Int32(Self.batch), waitMilliseconds())
            if count < 0 {
                guard errno == EINTR else { throw SystemCallError("epoll_wait", errno) }
                continue
            }
            for index in 0..<Int(count) {
                let event = events[index]
                // A handler earlier in this batch may have forgotten this descriptor. The local
                // copy keeps the handler, and what it holds, alive while it runs.
                guard let handler = handlers[event.data.fd] else { continue }
                handler(Readiness(
                    readable: event.events & EPOLLIN.rawValue != 0,
                    writable: event.events & EPOLLOUT.rawValue != 0,
                    hangUp: event.events & (EPOLLHUP.rawValue | EPOLLERR.rawValue | EPOLLRDHUP.rawValue) != 0))
            }
            let now = ContinuousClock.now
            while let id = timers.popDue(at: now) {
                if let action = timerActions.removeValue(forKey: id) { action() }
            }
        }
        // Nothing runs any more: what the handlers and timers held (and the cycles through
        // them) goes now, not with the loop.
        handlers = [:]
        timerActions = [:]
    }

    /// Until the soonest timer, at least a millisecond when one is pending (epoll's unit), or for ever.
    private func waitMilliseconds() -> Int32 {
        if let soonest = timers.soonest {
            let left = ContinuousClock.now.duration(to: soonest)
            guard left > .zero else { return 0 }
            let (seconds, attoseconds) = left.components
            return Int32(min(Int64(Int32.max), seconds * 1_000 + attoseconds / 1_000_000_000_000_000 + 1))
        }
        return -1
    }

    private static func event(_ descriptor: Int32, writable: Bool) -> epoll_event {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue | EPOLLRDHUP.rawValue | (writable ? EPOLLOUT.rawValue : 0)
        event.data.fd = descriptor
        return event
    }
}
