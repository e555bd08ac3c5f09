#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Entry point: run, print, exit.
@main
struct SLP {
    @MainActor
    static func main() async {
        // Past a file size limit (`ulimit -f`) a write then fails with EFBIG, which slp reports
        // (exit 74) with the transaction rolled back, instead of the process being killed.
        signal(SIGXFSZ, SIG_IGN)
        let output = await Application.run(.current())
        StandardStreams.writeOutput(output.stdout)
        if !output.stdoutBytes.isEmpty { StandardStreams.writeOutput(output.stdoutBytes) }
        StandardStreams.writeError(output.stderr)
        exit(output.exitCode.rawValue)
    }
}
