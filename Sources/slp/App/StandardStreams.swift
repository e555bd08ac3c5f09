#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to stdout and stderr with write(2): the whole buffer, resuming after partial writes
/// and EINTR. A failing stream (closed, full disk) loses the rest of that text; slp's exit code
/// stays the command's.
enum StandardStreams {
    static func writeOutput(_ text: String) { write(text, to: STDOUT_FILENO) }
    static func writeOutput(_ bytes: [UInt8]) { bytes.withUnsafeBytes { write($0, to: STDOUT_FILENO) } }
    static func writeError(_ text: String) { write(text, to: STDERR_FILENO) }

    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    private static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) {
        guard var next = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = Glibc.write(descriptor, next, remaining)
            if written > 0 {
                next += written
                remaining -= written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
