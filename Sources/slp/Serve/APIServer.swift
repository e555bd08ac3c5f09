#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `slp serve` running: lighttpd in the foreground with a generated configuration that runs
/// this slp for `/v1/...` (as `git instaweb` runs gitweb: SCGI workers, or CGI), and this slp
/// again as the realtime hub for every waiting client (`HubSupervisor`), lighttpd's access lines
/// on slp's standard error, until SIGINT or SIGTERM stops it (exit 0, lighttpd and the hub
/// stopped, the private directory removed).
struct APIServer {
    let lighttpd: String
    let address: ListeningAddress
    let executable: String
    /// What lighttpd and, through it, slp's workers and CGI processes get: the database, Firebase's
    /// settings, the clock for tests, and what libpq reads.
    let environment: [(name: String, value: String)]
    /// The database as people may read it (never a password).
    let databaseDisplay: String
    /// How many SCGI workers lighttpd keeps; nil: every request runs slp as a CGI program.
    let workers: Int?

    /// Variables passed on to slp's workers and CGI processes when `slp serve` has them.
    static let passedVariables = [
        "SLP_DB", "SLP_NOW", "SLP_FIREBASE_PROJECT", "SLP_FIREBASE_CERTS", "HOME",
        "PGPASSWORD", "PGPASSFILE", "PGSERVICE", "PGSERVICEFILE", "PGSSLMODE", "PGSSLROOTCERT", "PGCONNECT_TIMEOUT",
    ]

    /// SCGI workers: two per core, so that one waiting on the database or on the write queue
    /// leaves the core to another; at least four.
    static var defaultWorkers: Int { max(4, 2 * sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// The most descriptors lighttpd can have: this process's hard limit, which lighttpd (as any
    /// process) may raise its own to; no more than lighttpd has use for.
    static func fileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1_024 }
        return Int(min(limit.rlim_max, 262_144))
    }

    func run(in directory: ServeDirectory) -> Output {
        defer { directory.remove() }
        do {
            try directory.linkProgram(executable)
            let passed = environment.map(\.name)
            try directory.write(configuration: LighttpdConfiguration(
                directory: directory, host: address.host, port: address.port, passed: passed, workers: workers,
                maxFDs: Self.fileLimit()).text)
            let access = open(directory.accessLog, O_RDWR | O_NONBLOCK | O_CLOEXEC)
            guard access >= 0 else {
                throw Failure(code: "serve_failed", status: nil, message: "cannot open \(directory.accessLog)", exitCode: .ioError)
            }
            defer { close(access) }
            guard let signals = ServeSignals.install() else {
                throw Failure(code: "serve_failed", status: nil, message: "cannot watch for signals", exitCode: .software)
            }
            let variables = ["PATH=/usr/local/bin:/usr/bin:/bin"] + environment.map { "\($0.name)=\($0.value)" }
            let hub = HubSupervisor(executable: executable, socket: directory.hubSocket, environment: variables)
            try hub.start()
            defer { hub.stop() }
            let process = try LighttpdProcess.start(lighttpd, in: directory, environment: variables)
            defer { close(process.errors) }
            return watch(process, hub: hub, access: access, signals: signals)
        } catch {
            return Output(stderr: "Error: \(FailureRenderer.oneLine(Failure(error).message))\n", exitCode: Failure(error).exitCode)
        }
    }

    /// Forwards access lines and lighttpd's own messages until lighttpd ends or a signal
    /// asks slp to stop it.
    private func watch(_ process: LighttpdProcess, hub: HubSupervisor, access: Int32, signals: Int32) -> Output {
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
            for line in accessLines.lines() { StandardStreams.writeError(line + "\n") }
            for line in errorLines.lines() where !Self.isRoutine(line) {
                if line.contains("Address already in use") { portTaken = true }
                lastError = line
                StandardStreams.writeError("lighttpd: " + Self.withoutTimestamp(line) + "\n")
            }
            if let status = process.exitStatus() {
                for line in accessLines.lines() { StandardStreams.writeError(line + "\n") }
                if stopping { return Output(stderr: "slp serve: stopped\n") }
                if portTaken {
                    return Output(stderr: "Error: port \(address.port) on \(address.host) is already in use\n", exitCode: .ioError)
                }
                let why = lastError.map { ": " + Self.withoutTimestamp($0) } ?? " (status \(status))"
                return Output(stderr: "Error: lighttpd stopped\(why)\n", exitCode: .software)
            }
            if !stopping, let status = hub.restartIfEnded() {
                StandardStreams.writeError("slp serve: the realtime hub stopped (status \(status)); started it again\n")
            }
            if !ready, !stopping, address.accepts(), hub.isListening {
                ready = true
                StandardStreams.writeError(
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
