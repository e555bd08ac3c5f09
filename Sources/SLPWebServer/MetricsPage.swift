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

    package static func render(_ file: MetricsFile) -> String {
        var page = ExpositionText()
        requests(file, into: &page)
        workers(file, into: &page)
        processes(file, into: &page)
        return page.text
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
