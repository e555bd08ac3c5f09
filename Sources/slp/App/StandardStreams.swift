#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SLPSupport

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
        var writer = JSONWriter(chunk: chunk) { bytes in
            if let failure = FileDescriptorOutput.write(bytes, to: STDOUT_FILENO) { fail(failure, writing: STDOUT_FILENO) }
        }
        line.write(to: &writer)
        writer.flush()
    }

    private static func emit(_ text: String, to descriptor: Int32) {
        guard let failure = FileDescriptorOutput.write(text, to: descriptor) else { return }
        fail(failure, writing: descriptor)
    }

    /// Standard error may be what failed; then there is nobody left to tell.
    private static func fail(_ failure: Int32, writing descriptor: Int32) -> Never {
        if descriptor != STDERR_FILENO {
            let reason = failure == 0 ? "nothing written" : String(cString: strerror(failure))
            emit("Error: cannot write to standard output: \(reason)\n", to: STDERR_FILENO)
        }
        TemporaryFiles.removeRegistered()
        exit(ExitCode.ioError.rawValue)
    }
}
