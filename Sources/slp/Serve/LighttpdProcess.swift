#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SLPSupport

/// lighttpd run in the foreground (`-D`) as slp's child, in a process group of its own (a
/// terminal's Ctrl-C reaches slp, which stops it), its standard error a pipe slp reads.
struct LighttpdProcess {
    let child: ChildProcess
    /// lighttpd's standard error (its error log, and what CGI programs write there), non-blocking.
    let errors: Int32

    static func start(_ program: String, configuration: String, environment: [String]) throws -> LighttpdProcess {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw failure("cannot make a pipe for lighttpd") }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        defer { close(ends[1]) }
        do {
            let child = try ChildProcess.start(
                program, arguments: [program, "-D", "-f", configuration], environment: environment,
                input: .null, output: .null, errors: .descriptor(ends[1]), ownProcessGroup: true, defaultSignals: true)
            return LighttpdProcess(child: child, errors: ends[0])
        } catch {
            close(ends[0])
            throw failure("\(error)")
        }
    }

    /// Stops lighttpd at once (its in-flight requests end with it).
    func stop() {
        child.send(SIGTERM)
    }

    /// lighttpd's exit status if it has ended (128 + the signal that ended it), else nil.
    func exitStatus() -> Int32? {
        child.exitStatusIfEnded()
    }

    private static func failure(_ message: String) -> Failure {
        Failure(code: "serve_failed", status: nil, message: message, exitCode: .software)
    }
}
