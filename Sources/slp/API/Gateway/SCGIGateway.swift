#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SLPData
import SLPSupport
import SLPWebServer

/// `slp` started as an SCGI worker (by `slp serve`, or a web server's `bin-path`: the listening
/// socket is its standard input): answers request after request, one at a time, each exactly as
/// a CGI process would, keeping the database open between them. serve's health answerer is one
/// too, on a socket of its own, told by the workers' sockets in its environment.
@MainActor
enum SCGIGateway {
    /// Whether `descriptor` is a listening socket, which is how such a server hands it over.
    static func isListening(_ descriptor: Int32) -> Bool {
        var listening: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) == 0 && listening != 0
    }

    /// Serves connections from `listening` until the server stops the worker (SIGTERM).
    static func run(listening: Int32, environment: ProcessEnvironment) async -> Never {
        // A connection closed before its answer is written fails that write (EPIPE) instead of
        // killing the worker.
        signal(SIGPIPE, SIG_IGN)
        let service = APIService(environment: environment)
        // With `--metrics`: busy or idle in a slot of serve's metrics file (no lock, no database).
        let metrics = environment[MetricsPage.countingVariable].flatMap { try? MetricsFile(path: $0) }
        // The health answerer is not one of the API's workers: it has a slot of its own, which it
        // claims (as slp-push does) for its `process_*` alone.
        let isHealthAnswerer = environment[WorkerProbe.socketsVariable] != nil
        if isHealthAnswerer { metrics?.register(.health, pid: getpid()) }
        let slot = isHealthAnswerer ? nil : metrics?.claimWorkerSlot(pid: getpid())
        while true {
            let descriptor = accept(listening, nil, nil)
            guard descriptor >= 0 else {
                if [EINTR, ECONNABORTED, EAGAIN].contains(errno) { continue }
                StandardStreams.writeError("slp: cannot accept a connection: \(String(cString: strerror(errno)))\n")
                exit(ExitCode.ioError.rawValue)
            }
            let connection = SCGIConnection(descriptor: descriptor)
            if let slot { metrics?.set(.busy, of: slot, to: 1) }
            defer {
                if let slot, let metrics {
                    metrics.set(.databaseRetries, of: slot, to: DatabaseRetryCounts.retries.load(ordering: .relaxed))
                    metrics.set(.databaseFailures, of: slot, to: DatabaseRetryCounts.failures.load(ordering: .relaxed))
                    metrics.set(.busy, of: slot, to: 0)
                }
            }
            let response: APIResponse
            let request = connection.readRequest()
            if connection.isHealthProbe {
                response = HealthEndpoint.probeAnswer
            } else {
                switch request {
                case .failure(let failure): response = .failure(failure)
                case .success(let request): response = await APIApplication.respond(to: request, service: service)
                }
            }
            // A server that went away gets nothing more; the next connection is another request.
            _ = CGIResponseWriter.write(response, to: connection.descriptor)
            connection.end()
        }
    }
}
