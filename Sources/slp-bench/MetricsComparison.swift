import Foundation

/// `GET myQueueState` through two serves over one store, one with `--metrics` (scraped every
/// second), measured in turns: off, on, off, … off. Each on-phase is compared with the
/// off-phases either side of it, so the drift of a shared machine falls on both, and the
/// servers' own CPU per answer is read from their process trees, which does not depend on how
/// much of the cores the clients took.
struct MetricsComparison: Sendable {
    /// On-phases; there is one more off-phase.
    static let turns = 3

    /// One phase: what the clients got, and the CPU the serve's tree spent on it (seconds).
    struct Phase: Sendable {
        let throughput: HTTPThroughput
        let serverSeconds: Double

        /// Server CPU per answer, in microseconds.
        var cpuPerAnswer: Double { 1e6 * serverSeconds / Double(max(1, throughput.answers)) }
    }

    let off: [Phase]
    let on: [Phase]
    /// Metrics pages read during the on-phases.
    let pages: Int

    /// Each on-phase's requests/s over the mean of the off-phases before and after it.
    var ratios: [Double] {
        on.indices.map { on[$0].throughput.perSecond / ((off[$0].throughput.perSecond + off[$0 + 1].throughput.perSecond) / 2) }
    }

    /// The middle of `ratios`: the figure held against the goal.
    var ratio: Double { ratios.sorted()[ratios.count / 2] }

    /// The requests/s a host whose cores are the bound would keep with metrics on: the servers'
    /// CPU per answer off over on, every phase of each counted.
    var cpuRatio: Double { Self.cpuPerAnswer(off) / Self.cpuPerAnswer(on) }

    static func cpuPerAnswer(_ phases: [Phase]) -> Double {
        1e6 * phases.reduce(0) { $0 + $1.serverSeconds } / Double(max(1, phases.reduce(0) { $0 + $1.throughput.answers }))
    }

    var errors: Int { (off + on).reduce(0) { $0 + $1.throughput.errors } }

    /// Measures in turns; `offServe` and `onServe` are the two serves' pids and ports.
    static func measure(
        off offServe: (pid: pid_t, port: UInt16), on onServe: (pid: pid_t, port: UInt16), metricsPort: UInt16, clients: Int,
        seconds: Double, request: @escaping @Sendable (Int, Int) -> (method: String, target: String, token: String?, form: String?)
    ) -> MetricsComparison {
        let phase = { (label: String, serve: (pid: pid_t, port: UInt16)) -> Phase in
            let before = ProcessTreeCPU.seconds(root: serve.pid)
            let throughput = HTTPThroughput.measure(label, port: serve.port, clients: clients, seconds: seconds, expected: [200, 201], request: request)
            return Phase(throughput: throughput, serverSeconds: ProcessTreeCPU.seconds(root: serve.pid) - before)
        }
        var off = [phase("GET myQueueState", offServe)]
        var on: [Phase] = []
        var pages = 0
        for _ in 0..<turns {
            let scraper = MetricsScraper(port: metricsPort)
            on.append(phase("GET myQueueState, metrics on", onServe))
            pages += scraper.stop()
            off.append(phase("GET myQueueState", offServe))
        }
        return MetricsComparison(off: off, on: on, pages: pages)
    }
}
