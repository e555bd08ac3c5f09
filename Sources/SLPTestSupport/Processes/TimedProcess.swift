import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to its end with a deadline, as the tests run `slp` and the tools around it:
/// a child that deadlocks fails the test that ran it (killed, with what it printed) instead of
/// hanging the whole suite.
///
/// The child is started with posix_spawn in a process group of its own, its standard input,
/// output and error being files the child opens itself: no pipe of this process leaks into
/// children other threads start at the same moment, and no output is too large to wait for. Its
/// exit is reaped by waitpid on a thread of its own, so the caller waits on a semaphore with a
/// deadline (no polling).
package enum TimedProcess {
    /// How long a child may run unless its caller says otherwise: far beyond what any command of
    /// the suite takes on a machine five times slower than the one it was written on.
    package static let patience: Double = 120

    /// Runs `argv` (`argv[0]` a path) with exactly `environment`, in `currentDirectory` if given,
    /// `stdin` as its standard input (empty when nil); throws `ProcessTimeout` once it has run for
    /// `timeout` seconds (it and its process group are then killed).
    package static func run(
        _ argv: [String], environment: [String: String], currentDirectory: String? = nil, stdin: Data? = nil,
        timeout: Double = patience
    ) throws -> ProcessOutcome {
        precondition(!argv.isEmpty, "a program to run")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("slp-run-\(UUID().uuidString)").path
        let (inputPath, outputPath, errorPath) = (scratch + ".in", scratch + ".out", scratch + ".err")
        guard FileManager.default.createFile(atPath: inputPath, contents: stdin ?? Data()) else {
            throw ProcessRunFailure(description: "cannot write \(inputPath)")
        }
        defer { for path in [inputPath, outputPath, errorPath] { unlink(path) } }
        // `cd` first when asked: glibc's posix_spawn_file_actions_addchdir_np is not visible from Swift.
        let command = currentDirectory.map { ["/bin/sh", "-c", #"cd "$0" && exec "$@""#, $0] + argv } ?? argv

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A group of its own, so that a timeout kills whatever it started too.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let cArguments = command.map { strdup($0) } + [nil]
        let cEnvironment = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, &attributes, cArguments, cEnvironment)
        guard spawned == 0 else { throw ProcessRunFailure(description: "cannot start \(command[0]): \(String(cString: strerror(spawned)))") }

        let reaper = Reaper(pid)
        let ended = reaper.wait(seconds: timeout)
        // Whatever it left running in its group (a background job of a script) goes with it;
        // past its deadline, it goes too. (Not yet reaped, its group's id is still its own.)
        kill(-pid, SIGKILL)
        if !ended { _ = reaper.wait(seconds: patience) }
        let reaped = reaper.reap()
        let output = FileManager.default.contents(atPath: outputPath) ?? Data()
        let errors = FileManager.default.contents(atPath: errorPath) ?? Data()
        guard ended else { throw ProcessTimeout(command: argv, seconds: timeout, stdout: output, stderr: errors) }
        guard let status = reaped else { throw ProcessRunFailure(description: "the exit status of \(command[0]) was taken by another waitpid") }
        // WIFEXITED, WEXITSTATUS and WTERMSIG are macros Swift does not import.
        let signal = status & 0x7f
        return ProcessOutcome(
            stdout: output, stderr: errors, status: signal == 0 ? (status >> 8) & 0xff : signal, signal: signal == 0 ? nil : signal)
    }
}
