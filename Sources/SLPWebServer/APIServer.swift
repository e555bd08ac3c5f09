#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CLinux
import SLPSupport
import SLPWebClient

/// `slp serve` running: lighttpd in the foreground with a generated configuration that sends
/// `/v1/...` to this slp (as `git instaweb` runs gitweb: SCGI workers serve starts, or CGI),
/// `/healthz` to one more (the health answerer), and every waiting client to this slp again as
/// the realtime hub; and `slp-push` when pushes are configured (each kept by a
/// `ChildSupervisor`), lighttpd's access lines on slp's standard error, until SIGINT or SIGTERM
/// stops it, gracefully (`watch`), or at once on a second one (exit 0 either way, lighttpd and
/// every child stopped, the private directory removed).
package struct APIServer: Sendable {
    let lighttpd: String
    let address: TCPAddress
    let executable: String
    /// What lighttpd, slp's workers and, through lighttpd, its CGI processes get: the database, Firebase's
    /// settings, the clock for tests, and what libpq reads.
    let environment: [(name: String, value: String)]
    /// The database as people may read it (never a password).
    let databaseDisplay: String
    /// How many SCGI workers serve keeps; nil: every request runs slp as a CGI program.
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
    /// Peers whose `X-Forwarded-For` names the client (`--trusted-proxy`).
    package var trustedProxies: [TrustedProxy] = []
    /// Connections one address (a client's, behind a trusted proxy) may hold at once.
    package var connectionsPerAddress = ConnectionLimitScript.defaultPerAddress
    /// HTTPS's certificate and key; nil: plain HTTP.
    let tls: TLSFiles?
    /// Where Prometheus' metrics page is served (`--metrics`); nil: nowhere, nothing counted.
    package var metrics: TCPAddress? = nil
    /// Leaflet as Debian's `libjs-leaflet` installs it, which the web client's map needs (served
    /// at `/vendor/leaflet/`); without it the API serves on and the page says the map is unavailable.
    package var leaflet = "/usr/share/javascript/leaflet"
    /// The Firebase web app the page offers phone sign-in with (`SLP_FIREBASE_WEB_CONFIG`); nil:
    /// the page signs in by link only.
    package var firebase: FirebaseWebConfig? = nil

    package init(
        lighttpd: String, address: TCPAddress, executable: String, environment: [(name: String, value: String)],
        databaseDisplay: String, workers: Int?, hubSocketVariable: String, writeLimitsVariable: String,
        pushSender: PushSenderLaunch? = nil, tls: TLSFiles? = nil, errorObject: @escaping @Sendable (HTTPRefusal) -> String
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
        self.tls = tls
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
        if try !directory.write(webClient: WebClientFiles.served(firebase: firebase), leaflet: leaflet) {
            writeError("slp serve: no Leaflet in \(leaflet) (apt-get install libjs-leaflet): the web client shows no map\n")
        }
        var environment = environment + [(writeLimitsVariable, directory.writeLimits), (Self.hubHealthVariable, directory.hubSocket)]
        if pushSender != nil { environment.append((PresenceLock.pushSenderVariable, directory.pushSenderLock)) }
        let metricsFile = try metrics.map { _ throws(ServeError) in try openMetrics(in: directory) }
        if metricsFile != nil { environment.append((MetricsPage.countingVariable, directory.metricsFile)) }
        let passed = environment.map(\.name)
        var configuration = LighttpdConfiguration(
            directory: directory, host: address.host, port: address.port, passed: passed, workers: workers, maxFDs: Self.fileLimit(),
            tls: tls, metrics: metrics)
        configuration.trustedProxies = trustedProxies
        configuration.connectionsPerAddress = connectionsPerAddress
        configuration.firebase = firebase
        try directory.write(configuration, errorObject: errorObject)
        let reload = tls.map(TLSReload.init)
        let access = open(directory.accessLog, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard access >= 0 else { throw .cannotOpen(directory.accessLog) }
        defer { close(access) }
        guard let signals = ServeSignals.install() else { throw .cannotWatchSignals }
        // What lighttpd leaves when it ends (its logger, CGI programs) becomes serve's to wait for.
        _ = slp_become_child_subreaper()
        let variables = ["PATH=/usr/local/bin:/usr/bin:/bin"] + environment.map { "\($0.name)=\($0.value)" }
        let hub = ChildSupervisor(
            name: "the realtime hub", executable: executable, environment: variables + ["\(hubSocketVariable)=\(directory.hubSocket)"])
        let pushSenderChild = pushSender.map { launch in
            ChildSupervisor(
                name: "the push sender", executable: launch.executable,
                environment: variables + launch.environment.map { "\($0.name)=\($0.value)" })
        }
        var children = [hub] + (pushSenderChild.map { [$0] } ?? [])
        defer { for child in children { child.stop() } }
        for child in children { try child.start() }
        let process = try LighttpdProcess.start(lighttpd, in: directory, environment: variables)
        defer { close(process.errors) }
        let workerSockets = try startWorkers(in: directory, group: process.child.pid, environment: variables, into: &children)
        defer { for socket in workerSockets { close(socket) } }
        let requests = metricsFile.map { file in
            file.register(.serve, pid: getpid())
            file.register(.lighttpd, pid: process.child.pid)
            // The hub, slp-push, the health answerer and the workers claim their slots themselves.
            return RequestMetrics(file: file)
        }
        return watch(
            process, hub: hub, children: children, hubSocket: UnixSocketPath(path: directory.hubSocket), access: access, signals: signals,
            reload: reload, requests: requests, writeError: writeError)
    }

    /// The metrics file, and the metrics listener's program.
    private func openMetrics(in directory: ServeDirectory) throws(ServeError) -> MetricsFile {
        guard let file = try? MetricsFile(path: directory.metricsFile) else { throw .cannotWrite(directory.metricsFile) }
        try directory.linkMetricsProgram(executable)
        return file
    }

    /// The SCGI workers (`LighttpdConfiguration.workerLines`) and the health answerer
    /// (`/healthz`, which probes the workers' sockets), in lighttpd's process group, each on a
    /// socket serve keeps, so a request waits there while a worker is started again; the
    /// sockets. None with `--cgi`.
    private func startWorkers(
        in directory: ServeDirectory, group: pid_t, environment: [String], into children: inout [ChildSupervisor]
    ) throws(ServeError) -> [Int32] {
        guard let workers else { return [] }
        let paths = LighttpdConfiguration.workerSockets(directory, workers)
        let health = "\(WorkerProbe.socketsVariable)=\(WorkerProbe.variableValue(paths))"
        var sockets: [Int32] = []
        for (index, path) in (paths + [directory.healthSocket]).enumerated() {
            guard let socket = UnixSocketPath(path: path).listening(backlog: 1_024) else {
                for socket in sockets { close(socket) }
                throw .cannotWrite(path)
            }
            sockets.append(socket)
            let isHealth = index == workers
            let child = ChildSupervisor(
                name: isHealth ? "the health answerer" : "SCGI worker \(index + 1)", executable: directory.root + "/v1",
                environment: environment + (isHealth ? [health] : []), listening: (socket, group))
            children.append(child)
            try child.start()
        }
        return sockets
    }

    /// Forwards access lines and lighttpd's own messages until lighttpd ends. A first signal
    /// stops serve gracefully: lighttpd stops listening and finishes the requests it holds (serve
    /// stops what is left after `LighttpdConfiguration.gracefulStopSeconds`); once it no longer
    /// listens the hub says goodbye (held long polls answered `[]`, every socket closed so its app
    /// reconnects, which behind a balancer is to another serve); once lighttpd is gone, and any
    /// generation of it a certificate renewal left behind has finished its requests, the workers
    /// are ended (idle by then), then the hub and the push sender. A second signal stops
    /// everything at once.
    private func watch(
        _ process: LighttpdProcess, hub: ChildSupervisor, children: [ChildSupervisor], hubSocket: UnixSocketPath, access: Int32,
        signals: Int32, reload: TLSReload?, requests: RequestMetrics?, writeError: (String) -> Void
    ) -> ServeEnd {
        var accessLines = LineBuffer(descriptor: access)
        var errorLines = LineBuffer(descriptor: process.errors)
        var stopping: ServeStopping?
        var ready = false, portTaken = false
        // lighttpd's exit status once it has ended (it is reaped then, and cannot be asked again).
        var lighttpdEnded: Int32?
        var lastError: String?
        while true {
            var watched = [pollfd(fd: signals, events: Int16(POLLIN), revents: 0), pollfd(fd: access, events: Int16(POLLIN), revents: 0)]
            if !errorLines.isClosed { watched.append(pollfd(fd: process.errors, events: Int16(POLLIN), revents: 0)) }
            // Quick looks while starting and stopping; then the descriptors and signals wake it.
            _ = poll(&watched, nfds_t(watched.count), ready && stopping == nil ? 1_000 : 20)
            if watched[0].revents != 0 {
                var bytes = [UInt8](repeating: 0, count: 16)
                for _ in 0..<max(0, read(signals, &bytes, bytes.count)) {
                    if stopping == nil {
                        stopping = ServeStopping()
                        process.finishRequests()
                        writeError(
                            "slp serve: stopping: no new connections, the requests under way finish (at most \(LighttpdConfiguration.gracefulStopSeconds) s); Ctrl-C again stops at once\n")
                    } else if stopping?.atOnce == false {
                        stopping?.atOnce = true
                        process.stopAtOnce()
                        writeError("slp serve: stopping at once\n")
                    }
                }
            }
            if let state = stopping, state.hubShouldBeTold(listening: address.acceptsConnections) {
                stopping?.hubTold = true
                hub.closeLifeline()
            }
            if stopping?.isOverdue == true {
                stopping?.atOnce = true
                process.stopAtOnce()
                writeError("slp serve: stopping at once: the requests under way did not finish in \(LighttpdConfiguration.gracefulStopSeconds) s\n")
            }
            for line in accessLines.lines() { writeError((requests?.take(line) ?? RequestMetrics.printed(line)) + "\n") }
            for line in errorLines.lines() where !Self.isRoutine(line) {
                if line.contains("Address already in use") { portTaken = true }
                lastError = line
                writeError("lighttpd: " + Self.withoutTimestamp(line) + "\n")
            }
            if let status = lighttpdEnded ?? process.exitStatus() {
                lighttpdEnded = status
                // A graceful stop also waits, within the same bound, for what lighttpd leaves
                // in its group: the generation a certificate renewal left behind finishes the
                // requests it holds, on serve's workers, which must outlive it.
                if let state = stopping, !state.atOnce, process.groupHasOthers(than: children.compactMap(\.pid)) { continue }
                for line in accessLines.lines() { writeError((requests?.take(line) ?? RequestMetrics.printed(line)) + "\n") }
                // serve's workers wait for requests that can no longer come.
                process.stopAtOnce()
                process.awaitGroup(within: ServeStopping.workersBound)
                if stopping != nil { return .stopped }
                if portTaken { return .portInUse }
                return .lighttpdStopped(lastMessage: lastError.map(Self.withoutTimestamp), status: status)
            }
            for child in children where stopping == nil {
                if let status = child.restartIfEnded() {
                    writeError("slp serve: \(child.name) stopped (status \(status)); started it again\n")
                }
            }
            if ready, stopping == nil, let said = reload?.look(process) { writeError(said) }
            if !ready, stopping == nil, address.acceptsConnections(), hubSocket.acceptsConnections {
                ready = true
                writeError(
                    "slp serve: \(tls == nil ? "http" : "https")://\(address.host.contains(":") ? "[\(address.host)]" : address.host):\(address.port)/v1 on \(databaseDisplay); Ctrl-C stops\n")
            }
        }
    }

    /// lighttpd's start and stop notices: slp says that itself.
    private static func isRoutine(_ line: String) -> Bool {
        line.contains("server started") || line.contains("server stopped") || line.contains("graceful shutdown")
            || line.contains("connection(s) in progress")
    }

    /// A lighttpd log line without its `2026-11-26 10:58:07: ` prefix.
    private static func withoutTimestamp(_ line: String) -> String {
        guard line.count > 21, line.dropFirst(19).hasPrefix(": ") else { return line }
        return String(line.dropFirst(21))
    }
}
