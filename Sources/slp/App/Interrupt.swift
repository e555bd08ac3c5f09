#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C for a command that promises an exit status for it (`queue --wait`: 130): a line on
/// standard error and that status. Everything the command stored is committed or not begun,
/// as the storage's transactions guarantee, so there is nothing to undo.
enum Interrupt {
    /// The line and status the handler uses; set before the handler is installed, read only by it.
    nonisolated(unsafe) private static var line: [UInt8] = []
    nonisolated(unsafe) private static var status: Int32 = 130

    static func exitOnInterrupt(status: Int32, saying text: String) {
        line = Array(text.utf8)
        Self.status = status
        signal(SIGINT) { _ in
            // Only async-signal-safe calls here: write(2) and _exit(2).
            Interrupt.line.withUnsafeBufferPointer { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
            _exit(Interrupt.status)
        }
    }
}
