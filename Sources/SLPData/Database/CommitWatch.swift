import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Wakes a waiter soon after another process writes the database: SQLite tells no one of a
/// commit, but every commit appends to the `-wal` file, which inotify reports for the directory
/// (watching the directory, not the file, survives the file being made anew). Only writes to the
/// database's own files wake it (the file, its `-wal` and `-journal`): not its `-lock` ticket
/// counter, drawn before a write begins, nor whatever else shares the directory (logs, temporary
/// files), each of which would start a waiter's looks again for nothing. A wake is still only a
/// write, so the waiter reads `PRAGMA data_version` to know whether it was a commit. A commit's
/// frames reach the `-wal` file before the commit is visible (that waits for the sync), so after
/// a write the waiter looks again a few times over a short while (`settleDelays`); once writes
/// keep coming without a commit (a long transaction spilling pages, a checkpoint), at a bounded
/// pace rather than at every write. Where inotify is unavailable (or its per-user instances are
/// used up) it waits a short while instead.
final class CommitWatch {
    private let descriptor: Int32
    /// The names in the directory whose writes wake a waiter: the database's own files.
    private let names: Set<String>
    /// When to look again after a write that was not yet a visible commit: from a millisecond
    /// to a quarter of a second in all, the time a commit takes to sync.
    static let settleDelays: [Duration] = [1, 2, 4, 8, 16, 32, 64, 128].map { .milliseconds($0) }
    /// How many writes without a commit start the short looks over: a commit's own few writes
    /// do, and writes that keep coming after them are no commit yet.
    static let quickRestarts = 8
    /// The longest a look waits while writes keep coming without a commit (`settleDelays[busyStep]`):
    /// how late a commit made meanwhile may be seen, against a look at every write.
    static let busyStep = 5
    /// How long a wait lasts at most without inotify.
    static let fallbackInterval: Duration = .milliseconds(50)

    init(databasePath: String) {
        var directory = String(databasePath[..<(databasePath.lastIndex(of: "/") ?? databasePath.startIndex)])
        if directory.isEmpty { directory = "/" }
        let file = String(databasePath[(databasePath.lastIndex(of: "/").map { databasePath.index(after: $0) } ?? databasePath.startIndex)...])
        names = [file, file + "-wal", file + "-journal"]
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if descriptor >= 0, inotify_add_watch(descriptor, directory, UInt32(IN_MODIFY | IN_CREATE | IN_MOVED_TO)) < 0 {
            close(descriptor)
            self.descriptor = -1
        } else {
            self.descriptor = descriptor
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Returns once the database's files were written since the last call (at once if they
    /// already were), or after `limit`; whether they were (never known without inotify).
    @discardableResult
    nonisolated(nonsending) func wait(upTo limit: Duration) async -> Bool {
        guard descriptor >= 0 else {
            // Nothing is known of a write: the caller only looks again, as it did before inotify.
            try? await Task.sleep(for: min(limit, Self.fallbackInterval))
            return false
        }
        let descriptor = self.descriptor, names = self.names
        let deadline = ContinuousClock.now + limit
        return await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
            DispatchQueue.global().async {
                while true {
                    let left = deadline - ContinuousClock.now
                    let milliseconds = Int32(clamping: max(1, left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000))
                    var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    guard poll(&watched, 1, milliseconds) > 0 else { return done.resume(returning: false) }
                    if CommitWatch.drain(descriptor, naming: names) { return done.resume(returning: true) }
                    if left <= .zero { return done.resume(returning: false) }
                }
            }
        }
    }

    /// Sleeps `delay` whatever is written meanwhile; whether the database's files were written
    /// (never known without inotify).
    nonisolated(nonsending) func pause(_ delay: Duration) async -> Bool {
        try? await Task.sleep(for: delay)
        return descriptor >= 0 && Self.drain(descriptor, naming: names)
    }

    /// Reads every event waiting; whether one was a write to `names` (or the kernel dropped
    /// events, which may have been).
    private static func drain(_ descriptor: Int32, naming names: Set<String>) -> Bool {
        var written = false
        withUnsafeTemporaryAllocation(byteCount: 4_096, alignment: 8) { buffer in
            while true {
                let count = read(descriptor, buffer.baseAddress, buffer.count)
                guard count > 0 else { return }
                // struct inotify_event: wd, mask, cookie, len (4 bytes each), then len bytes of
                // the name, padded with NULs.
                var offset = 0
                while offset + 16 <= count {
                    let mask = buffer.load(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(buffer.load(fromByteOffset: offset + 12, as: UInt32.self))
                    let bytes = UnsafeRawBufferPointer(rebasing: buffer[(offset + 16)..<min(count, offset + 16 + length)])
                    let name = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                    if mask & UInt32(IN_Q_OVERFLOW) != 0 || names.contains(name) { written = true }
                    offset += 16 + length
                }
            }
        }
        return written
    }
}
