import SLPData
import SLPSupport
import SLPWebServer

/// `GET /healthz` (public, `RouteTable`): whether this serve can do its work now, for a load
/// balancer polling every second. The worker answering is the `workers` part; it asks the
/// database on a connection of its own (never the one its requests share, which may be waiting),
/// the hub on its socket, and, when pushes are configured, whether the push sender holds its
/// lock. Each check is bounded by its own deadline, so the answer comes within a second however
/// a part fails; none writes anything or keeps a connection.
enum HealthEndpoint {
    /// How long the database may take to answer a read.
    static let databaseTime: Duration = .milliseconds(500)
    /// How long the hub may take to answer; its loop answers at once, waiting on nothing.
    static let hubTime: Duration = .milliseconds(250)

    static func answer(environment: ProcessEnvironment) -> APIResponse {
        var failed: [HealthReport.Part] = []
        if !databaseAnswers(environment) { failed.append(.database) }
        let hub = environment[APIServer.hubHealthVariable].map(UnixSocketPath.init(path:))
        let healthPath = RouteTable.route(.health).template
        if !(hub?.answersOK(healthPath, before: .now + hubTime) ?? false) { failed.append(.hub) }
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
