import SLPData
import SLPSupport
import SLPWebServer

/// `GET /healthz` (public, `RouteTable`): whether this serve can do its work now, for a load
/// balancer polling every second. Under serve it is answered by the health answerer, an slp of
/// its own that never waits in line behind the workers: it probes every worker's socket
/// (`WorkerProbe`: the `workers` part, some worker takes requests), asks the database on a
/// connection of its own, as a worker's would be opened (never one that requests share, which
/// may be waiting), the hub on its socket, and, when pushes are configured, whether the push
/// sender holds its lock. Each check is bounded by its own deadline and the probe runs while the
/// others do, so the answer comes within a second however a part fails; none writes anything or
/// keeps a connection.
enum HealthEndpoint {
    /// How long the database may take to answer a read.
    static let databaseTime: Duration = .milliseconds(500)
    /// How long the hub may take to answer; its loop answers at once, waiting on nothing.
    static let hubTime: Duration = .milliseconds(250)

    /// A worker's answer to the health answerer's probe: it took the request.
    static var probeAnswer: APIResponse { APIResponse(status: 200, body: HealthReport(failed: []).json + "\n") }

    static func answer(environment: ProcessEnvironment) -> APIResponse {
        // Sent first, answered while the other parts are asked.
        let workers = environment[WorkerProbe.socketsVariable].map { WorkerProbe(sockets: WorkerProbe.sockets(in: $0)) }
        var failed: [HealthReport.Part] = []
        if !databaseAnswers(environment) { failed.append(.database) }
        // Under another server than serve, a part it is not told of is not one (docs/DEPLOY.md).
        if let hub = environment[APIServer.hubHealthVariable].map(UnixSocketPath.init(path:)),
           !hub.answersOK(RouteTable.route(.health).template, before: .now + hubTime) {
            failed.append(.hub)
        }
        if let workers, !workers.anyAnswered() { failed.append(.workers) }
        if let lock = environment[PresenceLock.pushSenderVariable], !PresenceLock.isHeld(lock) { failed.append(.pushes) }
        let report = HealthReport(failed: failed)
        // Every answer of slp's is `Cache-Control: no-store` (`CGIResponseWriter`).
        return APIResponse(status: report.status, body: report.json + "\n")
    }

    private static func databaseAnswers(_ environment: ProcessEnvironment) -> Bool {
        let deadline = ContinuousClock.now + databaseTime
        switch try? DatabaseLocation.resolve(option: nil, environment: environment) {
        case .file(let path, _): return DatabaseProbe.sqliteAnswers(path: path, before: deadline)
        #if PostgreSQL
        case .server(let uri): return DatabaseProbe.postgreSQLAnswers(uri: uri, before: deadline)
        #endif
        default: return false
        }
    }
}
