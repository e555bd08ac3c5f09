#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SLPSupport

/// A program `slp serve` keeps running beside lighttpd (the realtime hub, the push sender, the
/// SCGI workers and the health answerer): started
/// in a process group of its own (a terminal's Ctrl-C reaches serve, which stops it), started
/// again when it ends (at most once a second), its messages on serve's standard error. Its
/// standard input is a pipe whose other end only serve holds: however serve ends, the child sees
/// the pipe close and ends too. An SCGI worker's standard input is instead the socket it accepts
/// on, which serve keeps open across the worker's restarts (a request waits there meanwhile); it runs in lighttpd's process group,
/// which serve's reaper ends however serve ends.
final class ChildSupervisor {
    /// What serve calls it in its messages ("the realtime hub").
    let name: String
    private let executable: String
    private let arguments: [String]
    private let environment: [String]
    /// The listening socket given as standard input, and the group joined, instead of a pipe
    /// and a group of its own.
    private let listening: (socket: Int32, processGroup: pid_t)?
    private var child: ChildProcess?
    private var lifeline: Int32 = -1
    private var started: ContinuousClock.Instant?
    /// How the child ended, once it has and until it is started again.
    private var ended: Int32?
    /// The running child's process id; nil while it is ended.
    var pid: Int32? { ended == nil ? child?.pid : nil }
    /// Restarts wait at least this long after the last start.
    static let restartPause: Duration = .seconds(1)

    /// `executable` run with `arguments` after its own path, with `environment` ("NAME=value" words) only.
    init(name: String, executable: String, arguments: [String] = [], environment: [String], listening: (socket: Int32, processGroup: pid_t)? = nil) {
        self.name = name
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.listening = listening
    }

    deinit {
        stop()
    }

    func start() throws(ServeError) {
        if let listening {
            do {
                child = try ChildProcess.start(
                    executable, arguments: [executable] + arguments, environment: environment, input: .descriptor(listening.socket),
                    output: .null, errors: .descriptor(STDERR_FILENO), processGroup: listening.processGroup, defaultSignals: true)
                started = .now
            } catch {
                throw .cannotStart(name, error)
            }
            return
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw .cannotMakePipe(for: name) }
        // Serve's end must reach no other program (lighttpd, another child), or the pipe would
        // outlive serve.
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        defer { close(ends[0]) }
        do {
            child = try ChildProcess.start(
                executable, arguments: [executable] + arguments, environment: environment, input: .descriptor(ends[0]), output: .null,
                errors: .descriptor(STDERR_FILENO), ownProcessGroup: true, defaultSignals: true)
            lifeline = ends[1]
            started = .now
        } catch {
            close(ends[1])
            throw .cannotStart(name, error)
        }
    }

    /// Starts the child again if it has ended and the pause since its last start is over; the
    /// exit status it ended with, when it did.
    func restartIfEnded() -> Int32? {
        if ended == nil { ended = child?.exitStatusIfEnded() }
        guard let status = ended else { return nil }
        if let started, ContinuousClock.now - started < Self.restartPause { return nil }
        ended = nil
        child = nil
        close(lifeline)
        lifeline = -1
        try? start()
        return status
    }

    /// Closes serve's end of the pipe while the child runs: it hears serve is stopping (the hub
    /// says its goodbye to every client) and is not started again; `stop` ends it.
    func closeLifeline() {
        if lifeline >= 0 {
            close(lifeline)
            lifeline = -1
        }
    }

    func stop() {
        closeLifeline()
        if let child, ended == nil {
            child.send(SIGTERM)
            _ = child.wait()
            self.child = nil
        }
    }
}
