#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A program started with posix_spawn(3): its standard streams wired as asked, optionally in a
/// process group of its own and with the signals a new program expects.
public struct ChildProcess: Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable, Equatable {
        /// Slp's own.
        case inherited
        /// `/dev/null`.
        case null
        /// This descriptor (duplicated onto the stream; the child does not keep the original).
        case descriptor(Int32)
    }

    public let pid: pid_t

    /// Starts `program` (a path) with `arguments` (its name first) and `environment` ("NAME=value"
    /// words; nil: slp's own). `ownProcessGroup` puts it in a new group, so a terminal's Ctrl-C
    /// reaches slp only; `defaultSignals` unblocks every signal and resets SIGINT, SIGTERM,
    /// SIGPIPE and SIGXFSZ to their defaults, whatever slp set for itself. `processGroup` puts it
    /// in that existing group instead (one another child of slp leads).
    public static func start(
        _ program: String, arguments: [String], environment: [String]? = nil,
        input: Stream = .inherited, output: Stream = .inherited, errors: Stream = .inherited,
        ownProcessGroup: Bool = false, processGroup: pid_t? = nil, defaultSignals: Bool = false
    ) throws(SystemCallError) -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var originals: Set<Int32> = []
        for (stream, target) in [(input, STDIN_FILENO), (output, STDOUT_FILENO), (errors, STDERR_FILENO)] {
            switch stream {
            case .inherited: break
            case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
            case .descriptor(let descriptor):
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
                if descriptor > STDERR_FILENO { originals.insert(descriptor) }
            }
        }
        for descriptor in originals { posix_spawn_file_actions_addclose(&actions, descriptor) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var flags: Int32 = 0
        if defaultSignals {
            var none = sigset_t()
            sigemptyset(&none)
            posix_spawnattr_setsigmask(&attributes, &none)
            var defaults = sigset_t()
            sigemptyset(&defaults)
            for number in [SIGINT, SIGTERM, SIGPIPE, SIGXFSZ] { sigaddset(&defaults, number) }
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            flags |= Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        }
        if ownProcessGroup || processGroup != nil {
            posix_spawnattr_setpgroup(&attributes, processGroup ?? 0)
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argumentWords = arguments.map { strdup($0) } + [nil]
        let environmentWords = environment.map { $0.map { strdup($0) } + [nil] }
        defer {
            argumentWords.forEach { free($0) }
            environmentWords?.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result: Int32
        if let environmentWords {
            result = posix_spawn(&pid, program, &actions, &attributes, argumentWords, environmentWords)
        } else {
            result = posix_spawn(&pid, program, &actions, &attributes, argumentWords, environ)
        }
        guard result == 0 else { throw SystemCallError(operation: "cannot start \(program)", code: result) }
        return ChildProcess(pid: pid)
    }

    /// Waits for the child to end; its exit status, or 128 + the signal that ended it.
    @discardableResult
    public func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return 128 }
        }
        return Self.exitStatus(status)
    }

    /// The child's exit status (or 128 + its signal) if it has ended, else nil; never waits.
    public func exitStatusIfEnded() -> Int32? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return result < 0 ? 128 : nil }
        return Self.exitStatus(status)
    }

    /// Sends `signal` to the child.
    public func send(_ signal: Int32) {
        kill(pid, signal)
    }

    private static func exitStatus(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
