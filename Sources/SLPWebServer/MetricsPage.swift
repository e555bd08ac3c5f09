#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The metrics page of one `slp serve`, made on request from its metrics file and /proc alone
/// (never waiting on the database, the hub or the workers, so it answers while they are stuck).
package enum MetricsPage {
    /// The variable that names, to slp run as CGI on the metrics listener, serve's metrics
    /// file: slp then answers with this page.
    package static let pageVariable = "SLP_METRICS_PAGE"
    /// The variable that names serve's metrics file to the processes that count into it.
    package static let countingVariable = "SLP_METRICS_FILE"

    /// The page as of `now` (seconds since 1970).
    package static func render(_ file: MetricsFile, now: Double) -> String {
        var page = ExpositionText()
        requests(file, into: &page)
        workers(file, into: &page)
        hub(file, now: now, into: &page)
        database(file, into: &page)
        counts(file, now: now, into: &page)
        processes(file, into: &page)
        return page.text
    }

    /// The hub's gauges (all 0 while no hub runs), its deliveries and its feed's lag (seconds
    /// since the feed last read everything committed: it grows while the feed or the hub is stuck).
    private static func hub(_ file: MetricsFile, now: Double, into page: inout ExpositionText) {
        let running = living(file.pid(of: .hub))
        let gauges: [(String, String, MetricsValue)] = [
            ("slp_hub_sockets", "Connections the realtime hub holds: Socket.IO sockets and long polls.", .sockets),
            ("slp_hub_sessions", "Socket.IO sessions the realtime hub holds.", .sessions),
            ("slp_hub_long_polls", "Long polls of /v1/events the realtime hub holds.", .polls),
        ]
        for (name, help, value) in gauges {
            page.family(name, "gauge", help: help)
            page.sample(name, [:], running ? Double(file.value(value, of: .hub)) : 0)
        }
        page.family("slp_event_delivery_seconds", "histogram", help: "Time from an event's commit to its emit by the realtime hub.")
        let deliveries = file.deliveries(of: .hub)
        page.histogram(
            "slp_event_delivery_seconds", [], bounds: MetricsFile.latencyBuckets.map { Double($0) / 1_000_000 }, counts: deliveries.buckets,
            sum: Double(deliveries.sumMicroseconds) / 1_000_000, count: deliveries.count)
        page.family("slp_event_feed_lag_seconds", "gauge", help: "Seconds since the realtime hub's feed last read everything committed.")
        let current = file.value(.feedCurrentAt, of: .hub)
        if current > 0 { page.sample("slp_event_feed_lag_seconds", [:], max(0, now - Double(current) / 1_000_000)) }
    }

    /// Each process's transactions retried and given up (busy, or in conflict).
    private static func database(_ file: MetricsFile, into page: inout ExpositionText) {
        let counters: [(String, String, MetricsValue)] = [
            ("slp_database_retries_total", "Transactions run again because the database was busy or in conflict.", .databaseRetries),
            ("slp_database_failures_total", "Transactions given up because the database stayed busy or in conflict.", .databaseFailures),
        ]
        for (name, help, value) in counters {
            page.family(name, "counter", help: help)
            for process in [MetricsProcess.hub, .push] + (0..<MetricsFile.maxWorkers).map({ .worker($0) }) where living(file.pid(of: process)) {
                page.sample(name, ["process": process.label], Double(file.value(value, of: process)))
            }
        }
    }

    /// What the hub last read of the data: people waiting, the push counts, and how long ago.
    private static func counts(_ file: MetricsFile, now: Double, into page: inout ExpositionText) {
        // Nothing until the first read: a 0 would claim an empty queue.
        let readAt = file.value(.countsReadAt, of: .hub)
        let read = readAt > 0
        page.family("slp_waiting_users", "gauge", help: "People in the queue, as the realtime hub last read them.")
        if read { page.sample("slp_waiting_users", [:], Double(file.value(.waitingUsers, of: .hub))) }
        page.family("slp_pushes_pending", "gauge", help: "Pushes in the outbox, as the realtime hub last read them.")
        if read { page.sample("slp_pushes_pending", [:], Double(file.value(.pushesPending, of: .hub))) }
        page.family("slp_pushes_total", "counter", help: "Pushes the push senders handled, by outcome, as the realtime hub last read them.")
        let outcomes: [(String, MetricsValue)] = [
            ("sent", .pushesSent), ("retried", .pushesRetried), ("dropped", .pushesDropped), ("tokens_cleared", .pushesTokensCleared),
            ("parked", .pushesParked),
        ]
        for (outcome, value) in outcomes where read { page.sample("slp_pushes_total", ["outcome": outcome], Double(file.value(value, of: .hub))) }
        page.family("slp_counts_age_seconds", "gauge", help: "Seconds since the realtime hub last read the waiting users and the push counts.")
        if read { page.sample("slp_counts_age_seconds", [:], max(0, now - Double(readAt) / 1_000_000)) }
    }

    private static func requests(_ file: MetricsFile, into page: inout ExpositionText) {
        page.family("slp_http_requests_total", "counter", help: "HTTP requests answered, by route template and status.")
        for pair in file.requestPairs() {
            page.sample("slp_http_requests_total", ["route": pair.route, "status": String(pair.status)], Double(pair.count))
        }
        page.family("slp_http_request_duration_seconds", "histogram", help: "Time from a request's first byte to its answer's last, by route template.")
        for route in file.routeLatencies() {
            page.histogram(
                "slp_http_request_duration_seconds", [("route", route.route)],
                bounds: MetricsFile.latencyBuckets.map { Double($0) / 1_000_000 }, counts: route.buckets,
                sum: Double(route.sumMicroseconds) / 1_000_000, count: route.count)
        }
    }

    private static func workers(_ file: MetricsFile, into page: inout ExpositionText) {
        var busy = 0, idle = 0
        for index in 0..<MetricsFile.maxWorkers where living(file.pid(of: .worker(index))) {
            if file.value(.busy, of: .worker(index)) != 0 { busy += 1 } else { idle += 1 }
        }
        page.family("slp_workers", "gauge", help: "SCGI workers running, by state.")
        page.sample("slp_workers", ["state": "busy"], Double(busy))
        page.sample("slp_workers", ["state": "idle"], Double(idle))
    }

    private static func processes(_ file: MetricsFile, into page: inout ExpositionText) {
        let running = MetricsProcess.all.compactMap { process in
            ProcessStatistics.of(pid: file.pid(of: process)).map { (process.label, $0) }
        }
        let families: [(String, String, String, KeyPath<ProcessStatistics, Double>)] = [
            ("process_cpu_seconds_total", "counter", "Total user and system CPU time spent in seconds.", \.cpuSeconds),
            ("process_resident_memory_bytes", "gauge", "Resident memory size in bytes.", \.residentBytes),
            ("process_virtual_memory_bytes", "gauge", "Virtual memory size in bytes.", \.virtualBytes),
            ("process_open_fds", "gauge", "Number of open file descriptors.", \.openFiles),
            ("process_max_fds", "gauge", "Maximum number of open file descriptors.", \.maxFiles),
            ("process_start_time_seconds", "gauge", "Start time of the process since unix epoch in seconds.", \.startTimeSeconds),
        ]
        for (name, type, help, figure) in families {
            page.family(name, type, help: help)
            for (label, statistics) in running { page.sample(name, ["process": label], statistics[keyPath: figure]) }
        }
    }

    private static func living(_ pid: Int32) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno != ESRCH)
    }
}
