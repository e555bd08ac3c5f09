#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// SIGINT and SIGTERM for `slp serve`, as bytes on a pipe its loop watches (the self-pipe
/// trick): the handler only calls write(2), which is async-signal-safe.
enum ServeSignals {
    /// The pipe's write end, set before the handlers are installed and only read by them.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// Installs the handlers; the pipe's read end (non-blocking), readable once a signal came.
    static func install() -> Int32? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        writeEnd = ends[1]
        let handler: @convention(c) (Int32) -> Void = { number in
            var byte = UInt8(truncatingIfNeeded: number)
            _ = write(ServeSignals.writeEnd, &byte, 1)
        }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
        return ends[0]
    }
}
