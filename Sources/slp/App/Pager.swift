#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SLPSupport

/// Output longer than the terminal goes through a pager, as git does: `$PAGER`, else
/// `less -FRX` (quit at once if it fits after all, keep colours, leave the text on the screen),
/// run by `/bin/sh`; only when standard output is a terminal, and never with `--no-pager`.
enum Pager {
    static let defaultCommand = "less -FRX"

    /// The pager command for this run, or nil for none: not a terminal, `--no-pager`, `PAGER`
    /// set empty or to `cat`, or no `less` for the default.
    static func command(for environment: ProcessEnvironment, disabled: Bool) -> String? {
        guard environment.stdoutIsTerminal, !disabled else { return nil }
        if let chosen = environment.value(of: "PAGER") {
            let trimmed = chosen.trimmingWhitespaceAndNewlines
            return trimmed.isEmpty || trimmed == "cat" ? nil : chosen
        }
        return isOnPath("less", in: environment.value(of: "PATH") ?? "/usr/bin:/bin") ? defaultCommand : nil
    }

    /// Shows `text` through `command`, waiting for the pager to end. A pager quit early (its
    /// input closed) ends the writing quietly; if the pager cannot be started, the text is
    /// written as it is.
    static func show(_ text: String, through command: String) {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return StandardStreams.writeOutput(text) }
        let (reading, writing) = (pipeEnds[0], pipeEnds[1])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, reading, STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, reading)
        posix_spawn_file_actions_addclose(&actions, writing)
        let arguments: [UnsafeMutablePointer<CChar>?] = ["sh", "-c", command].map { (word: String) in strdup(word) } + [nil]
        defer { for argument in arguments { free(argument) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, "/bin/sh", &actions, nil, arguments, environ)
        close(reading)
        guard spawned == 0 else {
            close(writing)
            return StandardStreams.writeOutput(text)
        }
        // A pager quit before the end closes the pipe: the write fails (EPIPE) instead of the
        // signal ending slp. Ctrl-C is the pager's while it runs, as with git.
        signal(SIGPIPE, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        signal(SIGQUIT, SIG_IGN)
        _ = FileDescriptorOutput.write(text, to: writing)
        close(writing)
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    }

    private static func isOnPath(_ program: String, in path: String) -> Bool {
        path.split(separator: ":").contains { directory in access("\(directory)/\(program)", X_OK) == 0 }
    }
}
