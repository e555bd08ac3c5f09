#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A command's temporary directory, removed however the command ends: by the command at its
/// end, by `removeRegistered()` before an early exit, and by the signals that end a command
/// (Ctrl-C, SIGTERM, SIGHUP, SIGQUIT, a closed pipe), after which the process ends by that
/// same signal. A signal handler may make only async-signal-safe calls, so everything it needs
/// is made beforehand: the paths as C strings, the directory's files named up front (no
/// readdir(3), which allocates), removed with unlink(2) and rmdir(2).
public enum TemporaryFiles {
    /// The files, then the directory; set before the handlers are installed, read by them.
    nonisolated(unsafe) private static var paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>>?
    nonisolated(unsafe) private static var count = 0
    private static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE]

    /// From now until `release()`, `directory` and the files `names` in it are removed however
    /// the process ends. One directory at a time.
    public static func register(directory: String, files names: [String]) {
        let all = names.map { directory + "/" + $0 } + [directory]
        let copies = all.compactMap { strdup($0) }
        guard copies.count == all.count else { return }  // out of memory: the command's own end still removes it
        let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>>.allocate(capacity: copies.count)
        table.initialize(from: copies, count: copies.count)
        paths = table
        count = copies.count
        for number in endingSignals { signal(number, removeAndDie) }
    }

    /// The normal end, once the command has removed the directory itself: the signals end the
    /// process as they did before, and nothing is left to remove.
    public static func release() {
        for number in endingSignals { signal(number, SIG_DFL) }
        count = 0
    }

    /// Removes what is registered, with async-signal-safe calls only: for a signal handler, or
    /// just before `exit`. A file made meanwhile by another thread is caught by a second round.
    public static func removeRegistered() {
        guard let paths, count > 0 else { return }
        for _ in 0..<3 {
            for index in 0..<(count - 1) { _ = unlink(paths[index]) }
            if rmdir(paths[count - 1]) == 0 || errno == ENOENT { return }
        }
    }

    private static let removeAndDie: @convention(c) (Int32) -> Void = { number in
        TemporaryFiles.removeRegistered()
        signal(number, SIG_DFL)
        raise(number)
    }
}
