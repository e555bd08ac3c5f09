#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A small file that every process opening it maps `MAP_SHARED`, with one lock over it for
/// changing its bytes: Linux's open file description lock on its first byte, which the kernel
/// drops when its holder closes the file or dies, so a process killed inside `withLock` leaves
/// the lock free and nobody waits for it. Not Sendable: one owner uses it at a time.
/// Elsewhere than Linux no file opens (`init` throws).
package final class SharedFileMapping {
    package let size: Int
    private let descriptor: Int32
    private let base: UnsafeMutableRawPointer

    /// Opens `path` (made 0600 when missing) and maps its `size` bytes. Under the lock an empty
    /// file grows to `size` zeros, and `prepare` gets the bytes: false (they are something else)
    /// refuses the file. A file of another size is refused too, never cut short: another process
    /// may have it mapped, and would fault on the pages taken away.
    package init(path: String, size: Int, prepare: (UnsafeMutableRawBufferPointer) -> Bool) throws(SystemCallError) {
        #if os(Linux)
        precondition(size > 0)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw SystemCallError(operation: "open", code: errno) }
        guard Self.lock(descriptor) else {
            let code = errno
            close(descriptor)
            throw SystemCallError(operation: "lock", code: code)
        }
        var failure: SystemCallError?
        var mapped: UnsafeMutableRawPointer?
        var status = stat()
        if fstat(descriptor, &status) != 0 {
            failure = SystemCallError(operation: "fstat", code: errno)
        } else if status.st_size == 0, ftruncate(descriptor, off_t(size)) != 0 {
            failure = SystemCallError(operation: "ftruncate", code: errno)
        } else if status.st_size != 0, status.st_size != off_t(size) {
            failure = SystemCallError(operation: "a file of another size", code: EINVAL)
        } else if let pointer = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), pointer != MAP_FAILED {
            mapped = pointer
            if !prepare(UnsafeMutableRawBufferPointer(start: pointer, count: size)) {
                failure = SystemCallError(operation: "a file of another kind", code: EINVAL)
            }
        } else {
            failure = SystemCallError(operation: "mmap", code: errno)
        }
        Self.unlock(descriptor)
        guard let mapped, failure == nil else {
            if let mapped { munmap(mapped, size) }
            close(descriptor)
            throw failure ?? SystemCallError(operation: "mmap", code: EINVAL)
        }
        self.size = size
        self.descriptor = descriptor
        base = mapped
        #else
        throw SystemCallError(operation: "open", code: ENOSYS)
        #endif
    }

    deinit {
        munmap(base, size)
        // Closing drops the lock, if held.
        close(descriptor)
    }

    /// The mapped bytes without the lock: for a region that one process alone writes, whose
    /// readers take the numbers as they find them (the metrics file).
    package var unlockedBytes: UnsafeMutableRawBufferPointer { UnsafeMutableRawBufferPointer(start: base, count: size) }

    /// `body` over the mapped bytes with the lock held; nil when the lock cannot be had.
    /// The lock is waited for: its holders keep it only while they change a few bytes.
    package func withLock<T>(_ body: (UnsafeMutableRawBufferPointer) -> T) -> T? {
        guard Self.lock(descriptor) else { return nil }
        defer { Self.unlock(descriptor) }
        return body(UnsafeMutableRawBufferPointer(start: base, count: size))
    }

    /// The lock every owner takes: exclusive, on the first byte.
    private static func request(_ type: Int32) -> flock {
        var request = flock()
        request.l_type = Int16(type)
        request.l_whence = Int16(SEEK_SET)
        request.l_start = 0
        request.l_len = 1
        // Open file description locks want 0 here.
        request.l_pid = 0
        return request
    }

    private static func lock(_ descriptor: Int32) -> Bool {
        #if os(Linux)
        var request = request(F_WRLCK)
        while fcntl(descriptor, LockFile.setLockWaiting, &request) != 0 {
            if errno != EINTR { return false }
        }
        return true
        #else
        return false
        #endif
    }

    private static func unlock(_ descriptor: Int32) {
        #if os(Linux)
        var request = request(F_UNLCK)
        _ = fcntl(descriptor, LockFile.setLock, &request)
        #endif
    }
}
