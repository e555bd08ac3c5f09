import Foundation

/// A program left running while the benchmark talks to it (`slp serve`, the floor's lighttpd),
/// its standard output and error in files, stopped with SIGTERM.
final class ServerProcess {
    let pid: pid_t
    let errorPath: String
    private var exitStatus: Int32?

    init(_ argv: [String], environment: [String], scratch prefix: String) throws {
        errorPath = prefix + ".err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, prefix + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup($0) } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        // A process group of its own: a server that signals its group (lighttpd's workers) does
        // not reach the benchmark.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
        guard spawned == 0 else { throw LoadFailure("cannot start \(argv[0]): \(String(cString: strerror(spawned)))") }
        self.pid = pid
    }

    var errorText: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// Whether it still runs (reaping it if it ended).
    var isRunning: Bool {
        if exitStatus != nil { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            exitStatus = status
            return false
        }
        return true
    }

    /// Waits (looking every 10 ms) until `ready` holds, or the process ends, or `seconds` pass.
    func wait(_ seconds: Double, until ready: () -> Bool) throws {
        let deadline = Stopwatch.now() + UInt64(seconds * 1e9)
        while !ready() {
            guard isRunning else { throw LoadFailure("\(pid) ended before it was ready: \(errorText.suffix(500))") }
            guard Stopwatch.now() < deadline else { throw LoadFailure("\(pid) not ready after \(Int(seconds)) s: \(errorText.suffix(500))") }
            usleep(10_000)
        }
    }

    /// SIGTERM, then SIGKILL if it has not ended within 30 s.
    func stop() {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        let deadline = Stopwatch.now() + 30_000_000_000
        while isRunning {
            if Stopwatch.now() > deadline {
                kill(pid, SIGKILL)
                var status: Int32 = 0
                waitpid(pid, &status, 0)
                exitStatus = status
                return
            }
            usleep(10_000)
        }
    }
}
