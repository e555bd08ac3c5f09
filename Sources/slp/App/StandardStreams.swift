#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to stdout and stderr with write(2): the whole buffer, resuming after partial writes
/// and EINTR. When standard output cannot be written (a full disk, a closed descriptor), slp
/// says so in one line on standard error and exits 74 (I/O error), instead of crashing; a closed
/// pipe raises SIGPIPE, as for any command-line tool.
enum StandardStreams {
    static func writeOutput(_ text: String) { emit(text, to: STDOUT_FILENO) }
    static func writeError(_ text: String) { emit(text, to: STDERR_FILENO) }

    /// Streams `line` to stdout as it is written, a chunk at a time: one buffer of `chunk` bytes,
    /// reused, touches far fewer fresh pages than the whole document would.
    static func writeOutput(_ line: JSONLine, chunk: Int = 64 * 1024) {
        var writer = JSONWriter(chunk: chunk) { emit($0, to: STDOUT_FILENO) }
        line.write(to: &writer)
        writer.flush()
    }

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
                let reason = written < 0 ? String(cString: strerror(errno)) : "nothing written"
                // Standard error may be what failed; then there is nobody left to tell.
                if descriptor != STDERR_FILENO {
                    emit("Error: cannot write to standard output: \(reason)\n", to: STDERR_FILENO)
                }
                exit(ExitCode.ioError.rawValue)
            }
        }
    }
}
