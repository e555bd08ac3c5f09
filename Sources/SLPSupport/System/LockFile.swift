#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A small file whose byte ranges processes lock, and which holds a few counters.
///
/// The locks are Linux's open file description locks: each `LockFile` is an owner of its own
/// (so two in one process, on two threads, exclude each other as two processes do), and the
/// kernel drops them when the file is closed, also when its process is killed. A lock may lie
/// beyond the end of the file; the counters are plain bytes at the start. Not Sendable: one
/// owner uses it at a time. Elsewhere than Linux no lock file opens (`init` answers nil).
public final class LockFile {
    /// What `waitUntilFree` found.
    public enum WaitResult: Equatable, Sendable {
        /// Nobody holds a conflicting lock on the range now.
        case free
        /// Someone still held one when the time was up.
        case timedOut
        /// The wait could not be made (no thread, the file could not be opened again).
        case failed
    }

    public let path: String
    private let descriptor: Int32

    #if os(Linux)
    // Linux's open file description lock commands (fcntl.h defines them only for _GNU_SOURCE,
    // which Swift's Glibc module is not built with); part of the kernel's ABI since 3.15.
    static let getLock: Int32 = 36
    static let setLock: Int32 = 37
    static let setLockWaiting: Int32 = 38
    #endif

    /// Opens `path` for reading and writing, creating it when missing with the permission bits
    /// of `template` (and, when run as root, its owner and group, as SQLite does for its `-wal`
    /// and `-shm` files). Nil when it cannot be opened so.
    public init?(path: String, creatingLike template: String) {
        #if os(Linux)
        var model = stat()
        guard stat(template, &model) == 0 else { return nil }
        let mode = mode_t(model.st_mode & 0o777)
        var descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        if descriptor >= 0 {
            // Made here: the mode exactly (the umask may have taken bits away), the owner for root.
            _ = fchmod(descriptor, mode)
            if geteuid() == 0 { _ = fchown(descriptor, model.st_uid, model.st_gid) }
        } else if errno == EEXIST {
            descriptor = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
        }
        guard descriptor >= 0 else { return nil }
        self.path = path
        self.descriptor = descriptor
        #else
        return nil
        #endif
    }

    /// Opens an existing lock file to look at its locks and counters; nil when there is none.
    public init?(existing path: String) {
        #if os(Linux)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        self.path = path
        self.descriptor = descriptor
        #else
        return nil
        #endif
    }

    deinit {
        // Closing drops every lock this file holds.
        close(descriptor)
    }

    /// Takes a shared or exclusive lock on `range` if nobody else holds a conflicting one now;
    /// false otherwise. Never waits.
    public func tryLock(_ range: Range<Int64>, exclusive: Bool) -> Bool {
        #if os(Linux)
        // A length of 0 would mean "to the end and beyond".
        guard !range.isEmpty else { return true }
        var request = Self.request(range, type: exclusive ? F_WRLCK : F_RDLCK)
        return fcntl(descriptor, Self.setLock, &request) == 0
        #else
        return false
        #endif
    }

    /// Drops this file's locks on `range`.
    public func unlock(_ range: Range<Int64>) {
        #if os(Linux)
        guard !range.isEmpty else { return }
        var request = Self.request(range, type: F_UNLCK)
        _ = fcntl(descriptor, Self.setLock, &request)
        #endif
    }

    /// Where a lock that another owner holds in `range`, and that conflicts with taking a shared
    /// or exclusive lock there, starts; nil when there is none (or it cannot be told).
    public func conflict(in range: Range<Int64>, exclusive: Bool) -> Int64? {
        #if os(Linux)
        guard !range.isEmpty else { return nil }
        var request = Self.request(range, type: exclusive ? F_WRLCK : F_RDLCK)
        guard fcntl(descriptor, Self.getLock, &request) == 0, request.l_type != Int16(F_UNLCK) else { return nil }
        return Int64(request.l_start)
        #else
        return nil
        #endif
    }

    /// Waits, at most `timeout`, until nobody else holds a lock on `range` that conflicts with a
    /// shared or exclusive one; takes nothing. Asleep while it waits: the kernel wakes it when
    /// the lock is dropped, or its holder dies.
    public func waitUntilFree(_ range: Range<Int64>, exclusive: Bool, timeout: Duration) -> WaitResult {
        #if os(Linux)
        if conflict(in: range, exclusive: exclusive) == nil { return .free }
        // fcntl's own wait cannot be bounded; a thread of its own makes it, on a descriptor of
        // its own, and is left to finish alone if the time runs out.
        return LockWait(path: path, request: Self.request(range, type: exclusive ? F_WRLCK : F_RDLCK)).run(timeout: timeout)
        #else
        return .failed
        #endif
    }

    /// The unsigned 64-bit little-endian number at byte `offset`; 0 where the file is shorter.
    public func counter(at offset: Int64) -> UInt64 {
        var bytes = [UInt8](repeating: 0, count: 8)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 8, off_t(offset)) }
        guard count == 8 else { return 0 }
        return bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// Stores `value` at byte `offset` (not synced: a lock file starts afresh after a crash).
    public func setCounter(_ value: UInt64, at offset: Int64) {
        let bytes = (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, 8, off_t(offset)) }
    }

    #if os(Linux)
    private static func request(_ range: Range<Int64>, type: Int32) -> flock {
        var request = flock()
        request.l_type = Int16(type)
        request.l_whence = Int16(SEEK_SET)
        request.l_start = off_t(range.lowerBound)
        request.l_len = off_t(range.count)
        // Open file description locks want 0 here.
        request.l_pid = 0
        return request
    }
    #endif
}
