#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A file a process holds locked (flock) for as long as it runs, so that another process can
/// tell at once, without asking it anything, whether it runs: the kernel drops the lock when the
/// process ends, however it ends. `slp serve` gives its push sender one, which slp's health check
/// looks at.
package enum PresenceLock {
    /// The variable naming the push sender's lock file, set by serve for `slp-push` and slp's workers.
    package static let pushSenderVariable = "SLP_PUSH_SENDER_LOCK"

    /// Takes the lock on `path` (made when missing) for the rest of this process; false when it
    /// cannot (the file cannot be made, or another process holds it).
    package static func hold(_ path: String) -> Bool {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return false }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return false
        }
        // Never closed: the lock lasts as long as the process.
        return true
    }

    /// Whether a process holds the lock on `path` now; never waits.
    package static func isHeld(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        // A shared lock taken at once means nobody holds the exclusive one (closing drops it).
        return flock(descriptor, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK
    }
}
