#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// lighttpd run in the foreground (`-D`) as slp's child, in a process group of its own (a
/// terminal's Ctrl-C reaches slp, which stops it), its standard error a pipe slp reads.
struct LighttpdProcess {
    let pid: pid_t
    /// lighttpd's standard error (its error log, and what CGI programs write there), non-blocking.
    let errors: Int32

    static func start(_ program: String, configuration: String, environment: [String]) throws -> LighttpdProcess {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw failure("cannot make a pipe for lighttpd") }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 2)
        posix_spawn_file_actions_addclose(&actions, ends[1])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Signals as a new program expects them, whatever slp set for itself.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGPIPE, SIGXFSZ] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let words: [String] = [program, "-D", "-f", configuration]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let variables: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            arguments.forEach { free($0) }
            variables.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, &attributes, arguments, variables)
        close(ends[1])
        guard spawned == 0 else {
            close(ends[0])
            throw failure("cannot start \(program): \(String(cString: strerror(spawned)))")
        }
        return LighttpdProcess(pid: pid, errors: ends[0])
    }

    /// Stops lighttpd at once (its in-flight requests end with it).
    func stop() {
        kill(pid, SIGTERM)
    }

    /// lighttpd's exit status if it has ended (128 + the signal that ended it), else nil.
    func exitStatus() -> Int32? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return result < 0 ? 128 : nil }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    private static func failure(_ message: String) -> Failure {
        Failure(code: "serve_failed", status: nil, message: message, exitCode: .software)
    }
}
