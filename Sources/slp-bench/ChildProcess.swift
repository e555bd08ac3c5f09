import Foundation

/// One program run to completion with posix_spawn and waitpid, its standard output and error
/// written to files the child opens itself. Foundation's `Process` can miss an exit when several
/// threads spawn at once, and pipes made by one thread leak into children another thread
/// spawns meanwhile (Glibc's `pipe2` is not visible from Swift), holding their ends open.
struct ChildProcess {
    struct Result {
        /// The exit status, or 128 + the signal that ended the child.
        let status: Int32
        let output: Data
        let errors: Data
        /// From just before the spawn to the return of waitpid.
        let micros: Double

        var errorText: String { String(decoding: errors, as: UTF8.self) }
    }

    /// Where this caller's children write; one caller runs one child at a time with them.
    let outputPath: String
    let errorPath: String

    init(scratch prefix: String) {
        outputPath = prefix + ".out"
        errorPath = prefix + ".err"
    }

    func run(_ argv: [String], environment: [String]) throws -> Result {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup($0) } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var pid: pid_t = 0
        let started = Stopwatch.now()
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, cArguments, cEnvironment)
        guard spawned == 0 else {
            throw LoadFailure("cannot start \(argv[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let micros = Double(Stopwatch.now() - started) / 1_000
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
        let signal = status & 0x7f
        let code = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        return Result(
            status: code, output: FileManager.default.contents(atPath: outputPath) ?? Data(),
            errors: FileManager.default.contents(atPath: errorPath) ?? Data(), micros: micros)
    }
}
