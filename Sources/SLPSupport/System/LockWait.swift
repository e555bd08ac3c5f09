#if os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One bounded wait for a lock to be free: a thread of its own opens the lock file again (an
/// owner of its own, so the caller's locks do not count), blocks in fcntl until the lock could
/// be taken, and drops it at once by closing. The caller sleeps on a condition until then or
/// until its time is up; a wait it gives up on ends by itself later, touching nothing.
///
/// Shared between the two threads: `finished` and `result` only under `mutex`.
final class LockWait: @unchecked Sendable {
    private let path: String
    private let request: flock
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var finished = false
    private var result = LockFile.WaitResult.failed

    /// The waiting thread needs little stack: one system call.
    private static let stackSize = 64 * 1024

    init(path: String, request: flock) {
        self.path = path
        self.request = request
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        // Timed waits on the monotonic clock: setting the wall clock moves no deadline.
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Starts the waiting thread and sleeps until it reports or `timeout` has passed.
    func run(timeout: Duration) -> LockFile.WaitResult {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let (seconds, attoseconds) = max(timeout, .zero).components
        let nanoseconds = Int(deadline.tv_nsec) + Int(attoseconds / 1_000_000_000)
        deadline.tv_sec += Int(seconds) + nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000

        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, Self.stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        // The thread owns one reference until it has reported.
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        guard pthread_create(&thread, &attributes, { context in
            Unmanaged<LockWait>.fromOpaque(context!).takeRetainedValue().block()
            return nil
        }, context) == 0 else {
            Unmanaged<LockWait>.fromOpaque(context).release()
            return .failed
        }

        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !finished {
            if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT { break }
        }
        return finished ? result : .timedOut
    }

    /// On the waiting thread: blocks until the lock could be taken, then reports.
    private func block() {
        var outcome = LockFile.WaitResult.failed
        let descriptor = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
        if descriptor >= 0 {
            var request = request
            while true {
                if fcntl(descriptor, LockFile.setLockWaiting, &request) == 0 {
                    outcome = .free
                    break
                }
                if errno != EINTR { break }
            }
            // Drops the lock just taken: the caller only wanted to know it was free.
            close(descriptor)
        }
        pthread_mutex_lock(mutex)
        finished = true
        result = outcome
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }
}
#endif
