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
        // The pager must not hold the writing end itself, or it would never see the text end.
        _ = fcntl(writing, F_SETFD, FD_CLOEXEC)
        let pager = try? ChildProcess.start("/bin/sh", arguments: ["sh", "-c", command], input: .descriptor(reading))
        close(reading)
        guard let pager else {
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
        pager.wait()
    }

    private static func isOnPath(_ program: String, in path: String) -> Bool {
        path.split(separator: ":").contains { directory in access("\(directory)/\(program)", X_OK) == 0 }
    }
}
