#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SLPSupport

/// `slp serve` running: lighttpd in the foreground with a generated configuration that runs
/// this slp for `/v1/...` (as `git instaweb` runs gitweb: SCGI workers, or CGI), and this slp
/// again as the realtime hub for every waiting client, and `slp-push` when pushes are configured
/// (each kept by a `ChildSupervisor`), lighttpd's access lines on slp's standard error, until
/// SIGINT or SIGTERM stops it (exit 0, lighttpd and the children stopped, the private directory
/// removed).
package struct APIServer: Sendable {
    let lighttpd: String
    let address: TCPAddress
    let executable: String
    /// What lighttpd and, through it, slp's workers and CGI processes get: the database, Firebase's
    /// settings, the clock for tests, and what libpq reads.
    let environment: [(name: String, value: String)]
    /// The database as people may read it (never a password).
    let databaseDisplay: String
    /// How many SCGI workers lighttpd keeps; nil: every request runs slp as a CGI program.
    let workers: Int?
    /// The variable whose value, a socket's path, makes slp the realtime hub listening there.
    let hubSocketVariable: String
    /// The variable that names, to slp's workers and CGI processes, the file of the write
    /// buckets they share (one in the private directory).
    let writeLimitsVariable: String
    /// slp's JSON error object for a refusal: what lighttpd answers when it refuses a request
    /// itself, so that every refusal reads as slp's.
    let errorObject: @Sendable (HTTPRefusal) -> String
    /// The push sender, when pushes are configured.
    let pushSender: PushSenderLaunch?
    /// Where Prometheus' metrics page is served (`--metrics`); nil: nowhere, nothing counted.
    package var metrics: TCPAddress? = nil

    package init(
        lighttpd: String, address: TCPAddress, executable: String, environment: [(name: String, value: String)],
        databaseDisplay: String, workers: Int?, hubSocketVariable: String, writeLimitsVariable: String,
        pushSender: PushSenderLaunch? = nil, errorObject: @escaping @Sendable (HTTPRefusal) -> String
    ) {
        self.lighttpd = lighttpd
        self.address = address
        self.executable = executable
        self.environment = environment
        self.databaseDisplay = databaseDisplay
        self.workers = workers
        self.hubSocketVariable = hubSocketVariable
        self.writeLimitsVariable = writeLimitsVariable
        self.errorObject = errorObject
        self.pushSender = pushSender
    }

    /// Variables passed on to slp's workers and CGI processes when `slp serve` has them.
    package static let passedVariables = [
        "SLP_DB", "SLP_NOW", "SLP_FIREBASE_PROJECT", "SLP_FIREBASE_CERTS", "HOME",
        "PGPASSWORD", "PGPASSFILE", "PGSERVICE", "PGSERVICEFILE", "PGSSLMODE", "PGSSLROOTCERT", "PGCONNECT_TIMEOUT",
    ]

    /// The variable that names, to slp's workers and CGI processes, the hub's socket, which
    /// `/healthz` asks (not the hub's own variable, which would make them the hub).
    package static let hubHealthVariable = "SLP_HEALTH_HUB_SOCKET"

    /// SCGI workers: two per core, so that one waiting on the database or on the write queue
    /// leaves the core to another; at least four.
    package static var defaultWorkers: Int { max(4, 2 * sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// The most descriptors lighttpd can have: this process's hard limit, which lighttpd (as any
    /// process) may raise its own to; no more than lighttpd has use for.
    static func fileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1_024 }
        return Int(min(limit.rlim_max, 262_144))
    }

    /// Serves from `directory` (removed before it returns) until lighttpd ends or a signal stops
    /// it; serve's lines (access lines, lighttpd's messages, when it is ready) go to `writeError`
    /// as they come.
    package func run(in directory: ServeDirectory, writeError: (String) -> Void) throws(ServeError) -> ServeEnd {
        defer { directory.remove() }
        try directory.linkProgram(executable)
        var environment = environment + [(writeLimitsVariable, directory.writeLimits), (Self.hubHealthVariable, directory.hubSocket)]
        if pushSender != nil { environment.append((PresenceLock.pushSenderVariable, directory.pushSenderLock)) }
        let metricsFile = try metrics.map { _ throws(ServeError) in try openMetrics(in: directory) }
        if metricsFile != nil { environment.append((MetricsPage.countingVariable, directory.metricsFile)) }
        let passed = environment.map(\.name)
        try directory.write(
            configuration: LighttpdConfiguration(
                directory: directory, host: address.host, port: address.port, passed: passed, workers: workers,
                maxFDs: Self.fileLimit(), metrics: metrics).text,
            errorObject: errorObject)
        let access = open(directory.accessLog, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard access >= 0 else { throw .cannotOpen(directory.accessLog) }
        defer { close(access) }
        guard let signals = ServeSignals.install() else { throw .cannotWatchSignals }
        let variables = ["PATH=/usr/local/bin:/usr/bin:/bin"] + environment.map { "\($0.name)=\($0.value)" }
        var children = [
            ChildSupervisor(
                name: "the realtime hub", executable: executable, environment: variables + ["\(hubSocketVariable)=\(directory.hubSocket)"])
        ]
        if let pushSender {
            children.append(
                ChildSupervisor(
                    name: "the push sender", executable: pushSender.executable,
                    environment: variables + pushSender.environment.map { "\($0.name)=\($0.value)" }))
        }
        defer { for child in children { child.stop() } }
        for child in children { try child.start() }
        let process = try LighttpdProcess.start(lighttpd, in: directory, environment: variables)
        defer { close(process.errors) }
        let requests = metricsFile.map { file in
            file.register(.serve, pid: getpid())
            file.register(.lighttpd, pid: process.child.pid)
            // The hub claims its slot itself; slp-push, the second child, writes none, so serve keeps its pid.
            return RequestMetrics(file: file, children: children.count > 1 ? [(.push, children[1])] : [])
        }
        return watch(
            process, children: children, hubSocket: UnixSocketPath(path: directory.hubSocket), access: access, signals: signals,
            requests: requests, writeError: writeError)
    }

    /// The metrics file, and the metrics listener's program.
    private func openMetrics(in directory: ServeDirectory) throws(ServeError) -> MetricsFile {
        guard let file = try? MetricsFile(path: directory.metricsFile) else { throw .cannotWrite(directory.metricsFile) }
        try directory.linkMetricsProgram(executable)
        return file
    }

    /// Forwards access lines and lighttpd's own messages until lighttpd ends or a signal
    /// asks slp to stop it.
    private func watch(
        _ process: LighttpdProcess, children: [ChildSupervisor], hubSocket: UnixSocketPath, access: Int32, signals: Int32,
        requests: RequestMetrics?, writeError: (String) -> Void
    ) -> ServeEnd {
        var accessLines = LineBuffer(descriptor: access)
        var errorLines = LineBuffer(descriptor: process.errors)
        var stopping = false, ready = false, portTaken = false
        var lastError: String?
        while true {
            var watched = [pollfd(fd: signals, events: Int16(POLLIN), revents: 0), pollfd(fd: access, events: Int16(POLLIN), revents: 0)]
            if !errorLines.isClosed { watched.append(pollfd(fd: process.errors, events: Int16(POLLIN), revents: 0)) }
            // Quick looks while starting and stopping; then the descriptors and signals wake it.
            _ = poll(&watched, nfds_t(watched.count), ready && !stopping ? 1_000 : 20)
            if watched[0].revents != 0, !stopping {
                var bytes = [UInt8](repeating: 0, count: 16)
                _ = read(signals, &bytes, bytes.count)
                stopping = true
                process.stop()
            }
            for line in accessLines.lines() { writeError((requests?.take(line) ?? RequestMetrics.printed(line)) + "\n") }
            for line in errorLines.lines() where !Self.isRoutine(line) {
                if line.contains("Address already in use") { portTaken = true }
                lastError = line
                writeError("lighttpd: " + Self.withoutTimestamp(line) + "\n")
            }
            if let status = process.exitStatus() {
                for line in accessLines.lines() { writeError((requests?.take(line) ?? RequestMetrics.printed(line)) + "\n") }
                if stopping { return .stopped }
                if portTaken { return .portInUse }
                return .lighttpdStopped(lastMessage: lastError.map(Self.withoutTimestamp), status: status)
            }
            for child in children where !stopping {
                if let status = child.restartIfEnded() {
                    writeError("slp serve: \(child.name) stopped (status \(status)); started it again\n")
                    requests?.registerChildren()
                }
            }
            if !ready, !stopping, address.acceptsConnections(), hubSocket.acceptsConnections {
                ready = true
                writeError(
                    "slp serve: http://\(address.host.contains(":") ? "[\(address.host)]" : address.host):\(address.port)/v1 on \(databaseDisplay); Ctrl-C stops\n")
            }
        }
    }

    /// lighttpd's start and stop notices: slp says that itself.
    private static func isRoutine(_ line: String) -> Bool {
        line.contains("server started") || line.contains("server stopped") || line.contains("graceful shutdown")
    }

    /// A lighttpd log line without its `2026-11-26 10:58:07: ` prefix.
    private static func withoutTimestamp(_ line: String) -> String {
        guard line.count > 21, line.dropFirst(19).hasPrefix(": ") else { return line }
        return String(line.dropFirst(21))
    }
}
