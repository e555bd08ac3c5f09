#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C for a command that promises an exit status for it: a line on standard error, then
/// that status. Only async-signal-safe calls run in the handler: write(2), `TemporaryFiles`'
/// unlink(2) and rmdir(2), and _exit(2).
public enum InterruptExit {
    /// The line and status the handler uses; set before the handler is installed, read only by it.
    nonisolated(unsafe) private static var line: [UInt8] = []
    nonisolated(unsafe) private static var status: Int32 = 130

    /// From now on, SIGINT writes `message` to standard error and exits with `status`.
    public static func install(status: Int32, message: String) {
        line = Array(message.utf8)
        Self.status = status
        signal(SIGINT) { _ in
            InterruptExit.line.withUnsafeBufferPointer { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
            // A command's temporary files go however it ends (the demo's waiting step).
            TemporaryFiles.removeRegistered()
            _exit(InterruptExit.status)
        }
    }
}
