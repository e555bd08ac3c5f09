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
    static func writeOutput(_ text: String) { emit(text, to: STDOUT_FILENO) }
    static func writeOutput(_ bytes: [UInt8]) { bytes.withUnsafeBytes { emit($0, to: STDOUT_FILENO) } }
    static func writeError(_ text: String) { emit(text, to: STDERR_FILENO) }

    private static func emit(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { emit(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    private static func emit(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) {
        guard var next = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = write(descriptor, next, remaining)
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
