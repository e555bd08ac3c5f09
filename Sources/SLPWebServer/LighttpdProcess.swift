#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SLPSupport

/// lighttpd run in the foreground (`-D`) as slp's child, in a process group of its own (a
/// terminal's Ctrl-C reaches slp, which stops it), its standard error a pipe slp reads.
///
/// A group of its own also means lighttpd would outlive an slp killed without a chance to stop
/// it (SIGKILL), holding the port: a reaper, a shell in a group of its own too, waits on a pipe
/// only slp holds the writing end of; that end closes when slp's process ends, however it ends,
/// and the reaper then ends lighttpd's group (its CGI programs with it) and removes serve's directory.
struct LighttpdProcess: Sendable {
    let child: ChildProcess
    /// lighttpd's standard error (its error log, and what CGI programs write there), non-blocking.
    let errors: Int32
    /// The reaper, and the end of its pipe slp keeps open (and never writes to) while it lives.
    private let reaper: ChildProcess?
    private let lifeline: Int32

    static func start(_ program: String, in directory: ServeDirectory, environment: [String]) throws(ServeError) -> LighttpdProcess {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw .cannotMakePipe(for: "lighttpd") }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        defer { close(ends[1]) }
        do {
            let child = try ChildProcess.start(
                program, arguments: [program, "-D", "-f", directory.configuration], environment: environment,
                input: .null, output: .null, errors: .descriptor(ends[1]), ownProcessGroup: true, defaultSignals: true)
            let (reaper, lifeline) = startReaper(for: child, removing: directory.path)
            return LighttpdProcess(child: child, errors: ends[0], reaper: reaper, lifeline: lifeline)
        } catch {
            close(ends[0])
            throw .cannotStartLighttpd(error)
        }
    }

    /// Without a pipe or a shell there is no reaper: lighttpd still stops with slp when slp is
    /// stopped by a signal it handles.
    private static func startReaper(for child: ChildProcess, removing directory: String) -> (ChildProcess?, Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return (nil, -1) }
        // Neither end may reach another program: the pipe ends only when slp does.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { close(ends[0]) }
        let script = #"read -r line; kill -TERM -"$1"; rm -rf -- "$2""#
        guard let reaper = try? ChildProcess.start(
            "/bin/sh", arguments: ["sh", "-c", script, "sh", String(child.pid), directory], environment: ["PATH=/usr/bin:/bin"],
            input: .descriptor(ends[0]), output: .null, errors: .null, ownProcessGroup: true, defaultSignals: true)
        else {
            close(ends[1])
            return (nil, -1)
        }
        return (reaper, ends[1])
    }

    /// Asks lighttpd to stop gracefully (SIGINT: lighttpd's graceful shutdown, where SIGTERM
    /// would drop every connection): it closes its listening socket at once, so a balancer's next
    /// connection is refused and goes elsewhere, closes idle keep-alive connections, lets the
    /// requests it holds finish (for as long as serve lets them, `ServeStopping`), then ends
    /// (serve then ends the workers of its group). A second SIGINT would make lighttpd stop at once; serve sends SIGTERM for that.
    func finishRequests() {
        child.send(SIGINT)
    }

    /// Stops lighttpd and every process of its group (serve's workers, CGI programs, its logger) at once:
    /// a request under way ends with them.
    func stopAtOnce() {
        kill(-child.pid, SIGTERM)
    }

    /// Once lighttpd has ended and its group been told to stop: waits until the processes of the
    /// group (serve's workers, and what serve adopted as subreaper) are gone, each reaped; those
    /// still there after `bound` are killed. The reaper is let go then (nothing is left for it).
    func awaitGroup(within bound: Duration) {
        let deadline = ContinuousClock.now + bound
        var status: Int32 = 0
        while true {
            let reaped = waitpid(-child.pid, &status, WNOHANG)
            if reaped > 0 { continue }
            if reaped < 0, errno == EINTR { continue }
            if reaped < 0 { break }
            if ContinuousClock.now >= deadline {
                kill(-child.pid, SIGKILL)
                while waitpid(-child.pid, &status, 0) > 0 || errno == EINTR {}
                break
            }
            usleep(10_000)
        }
        if let reaper {
            reaper.send(SIGKILL)
            _ = reaper.wait()
        }
    }

    /// Whether a process of lighttpd's group other than lighttpd itself (ended) and `known`
    /// (serve's workers) still runs: the generation a certificate renewal left behind
    /// (`TLSReload`) with the requests it holds, a CGI program, a logger with lines to write.
    /// Read from /proc (Linux); none when it cannot be read.
    func groupHasOthers(than known: [pid_t]) -> Bool {
        guard let directory = opendir("/proc") else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = pid_t(name), !known.contains(pid), let stat = ProcessStatistics.contents(of: "/proc/\(pid)/stat"),
                  let end = stat.lastIndex(of: ")")
            else { continue }
            // After the command: state, parent, group. One ended but not yet reaped (Z) holds nothing.
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            if fields.count > 2, fields[0] != "Z", pid_t(fields[2]) == child.pid { return true }
        }
        return false
    }

    /// Has lighttpd read its configuration and TLS files again without dropping a connection
    /// (a graceful restart: `TLSReload` says how).
    func reload() {
        child.send(SIGUSR1)
    }

    /// lighttpd's exit status if it has ended (128 + the signal that ended it), else nil.
    func exitStatus() -> Int32? {
        child.exitStatusIfEnded()
    }
}
