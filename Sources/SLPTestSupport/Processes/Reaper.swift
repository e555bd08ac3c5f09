import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Waits for one child on a thread of its own, so that the caller can wait with a deadline. The
/// child is left a zombie until `reap()`: its pid, and its process group's id, cannot be taken
/// by another process meanwhile, so what it left running in its group can still be killed.
final class Reaper: @unchecked Sendable {
    private let pid: pid_t
    private let exited = DispatchSemaphore(value: 0)

    init(_ pid: pid_t) {
        self.pid = pid
        Thread.detachNewThread { [exited] in
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1 && errno == EINTR {}
            exited.signal()
        }
    }

    /// Whether the child ended within `seconds`.
    func wait(seconds: Double) -> Bool {
        guard exited.wait(timeout: .now() + seconds) == .success else { return false }
        exited.signal()
        return true
    }

    /// waitpid's status word, once the child has ended (`wait` said so); the zombie is gone then.
    /// Nil if someone else reaped it first (its status is lost).
    func reap() -> Int32? {
        var status: Int32 = 0
        var reaped: pid_t
        repeat { reaped = waitpid(pid, &status, 0) } while reaped == -1 && errno == EINTR
        return reaped == pid ? status : nil
    }
}
