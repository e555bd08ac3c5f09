#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Synchronization

/// How other threads hand an event loop values (commits the hub learns of): a locked queue and
/// an eventfd that wakes the loop, which takes everything queued at once.
package final class LoopMailbox<Message: Sendable>: Sendable {
    private let queue = Mutex<[Message]>([])
    /// Readable while messages wait.
    let descriptor: Int32

    package init() throws(SystemCallError) {
        descriptor = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard descriptor >= 0 else { throw SystemCallError("eventfd", errno) }
    }

    deinit {
        close(descriptor)
    }

    /// Queues `message` and wakes the loop; from any thread.
    package func post(_ message: Message) {
        queue.withLock { $0.append(message) }
        var one: UInt64 = 1
        _ = write(descriptor, &one, 8)
    }

    /// Everything queued, in the order posted.
    func take() -> [Message] {
        var count: UInt64 = 0
        _ = read(descriptor, &count, 8)
        return queue.withLock { queued in
            defer { queued = [] }
            return queued
        }
    }
}
