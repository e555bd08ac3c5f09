#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SLPSupport

/// The realtime hub as `slp serve` keeps it: this slp started with the socket it listens on, in a
/// process group of its own (a terminal's Ctrl-C reaches serve, which stops it), started again
/// when it ends (at most once a second), its messages on serve's standard error. Its standard
/// input is a pipe whose other end only serve holds: however serve ends, the hub sees the pipe
/// close and ends too.
final class HubSupervisor {
    private let executable: String
    private let environment: [String]
    let socketPath: String
    private var child: ChildProcess?
    private var lifeline: Int32 = -1
    private var started: ContinuousClock.Instant?
    /// How the hub ended, once it has and until it is started again.
    private var ended: Int32?
    /// Restarts wait at least this long after the last start.
    static let restartPause: Duration = .seconds(1)

    /// `environment` names `socket` to the hub.
    init(executable: String, socket: String, environment: [String]) {
        self.executable = executable
        socketPath = socket
        self.environment = environment
    }

    deinit {
        stop()
    }

    func start() throws(ServeError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw .cannotMakePipe(for: "the realtime hub") }
        // Serve's end must reach no other program (lighttpd, a later hub), or the pipe would
        // outlive serve.
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        defer { close(ends[0]) }
        do {
            child = try ChildProcess.start(
                executable, arguments: [executable], environment: environment, input: .descriptor(ends[0]), output: .null,
                errors: .descriptor(STDERR_FILENO), ownProcessGroup: true, defaultSignals: true)
            lifeline = ends[1]
            started = .now
        } catch {
            close(ends[1])
            throw .cannotStartHub(error)
        }
    }

    /// Whether the hub accepts connections on its socket.
    var isListening: Bool {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(socketPath.utf8)
        guard path.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path) }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0 }
        }
    }

    /// Starts the hub again if it has ended and the pause since its last start is over; the exit
    /// status it ended with, when it did.
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

    func stop() {
        if lifeline >= 0 {
            close(lifeline)
            lifeline = -1
        }
        if let child, ended == nil {
            child.send(SIGTERM)
            _ = child.wait()
            self.child = nil
        }
    }
}
