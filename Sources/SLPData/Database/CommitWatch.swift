import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Wakes a waiter soon after another process writes beside the database file: SQLite tells no
/// one of a commit, but every commit appends to the `-wal` file, which inotify reports for the
/// directory (watching the directory, not the file, survives the file being made anew). Any
/// write wakes it, so the waiter still reads `PRAGMA data_version` to know whether it was a
/// commit. A commit's frames reach the `-wal` file before the commit is visible (that waits for
/// the sync), so after a write the waiter looks again a few times over a short while
/// (`settleDelays`). Where inotify is unavailable (or its per-user instances are used up) it waits a
/// short while instead.
final class CommitWatch {
    private let descriptor: Int32
    /// When to look again after a write that was not yet a visible commit: from a millisecond
    /// to a quarter of a second in all, the time a commit takes to sync.
    static let settleDelays: [Duration] = [1, 2, 4, 8, 16, 32, 64, 128].map { .milliseconds($0) }
    /// How long a wait lasts at most without inotify.
    static let fallbackInterval: Duration = .milliseconds(50)

    init(databasePath: String) {
        var directory = String(databasePath[..<(databasePath.lastIndex(of: "/") ?? databasePath.startIndex)])
        if directory.isEmpty { directory = "/" }
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

    /// Returns once something was written beside the file since the last call (at once if it
    /// already was), or after `limit`; whether something was (never known without inotify).
    @discardableResult
    nonisolated(nonsending) func wait(upTo limit: Duration) async -> Bool {
        guard descriptor >= 0 else {
            // Nothing is known of a write: the caller only looks again, as it did before inotify.
            try? await Task.sleep(for: min(limit, Self.fallbackInterval))
            return false
        }
        let descriptor = self.descriptor
        let milliseconds = Int32(clamping: max(1, limit.components.seconds * 1_000 + limit.components.attoseconds / 1_000_000_000_000_000))
        return await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
            DispatchQueue.global().async {
                var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let written = poll(&watched, 1, milliseconds) > 0
                if written { CommitWatch.drain(descriptor) }
                done.resume(returning: written)
            }
        }
    }

    private static func drain(_ descriptor: Int32) {
        withUnsafeTemporaryAllocation(byteCount: 4_096, alignment: 8) { buffer in
            while read(descriptor, buffer.baseAddress, buffer.count) > 0 {}
        }
    }
}
