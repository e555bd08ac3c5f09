import Foundation

/// The benchmark's findings, printed as Markdown tables (pasted into README).
struct Report {
    struct SearchRow {
        let dataset: String
        let label: String
        let meanResults: Double
        let slp: Percentiles
        let redisServer: Percentiles?
        let redisRoundTrip: Percentiles?
        /// The same search through the PostgreSQL backend, and PostGIS on the same points.
        var postgres: Percentiles?
        var postgisServer: Percentiles?
        var postgisRoundTrip: Percentiles?
    }

    /// Seconds per (data set, backend).
    var seed: [(String, String, Double)] = []
    var correctness: [(String, Int, Int)] = []
    /// Searches whose PostgreSQL answer was compared with SQLite's, and how many differed.
    var backendsAgree: [(String, Int, Int)] = []
    /// Why PostGIS figures are missing, when they are.
    var postgisNote: String?
    var search: [SearchRow] = []
    var queueEnter: (String, Percentiles)?
    var processes: [(String, Double)] = []
    var peakKiB: Int?
    /// Each process's median over the SQLite backend's `slp search` in each hyperfine round.
    var processRatios: [String: [Double]] = [:]
    var chat: [ChatFigures] = []
    /// Whole `slp` processes giving up on an unreachable PostgreSQL server (µs).
    var giveUps: [(name: String, times: Percentiles, runs: Int)] = []

    private func ms(_ micros: Double?) -> String {
        guard let micros, micros.isFinite else { return "–" }
        return String(format: "%.3f", micros / 1_000)
    }

    private func ratio(_ a: Double?, _ b: Double?) -> String {
        guard let a, let b, b > 0 else { return "–" }
        return String(format: "%.2f×", a / b)
    }

    /// Everything: what `--chat-only` and an early failure print.
    func print() {
        printSearchAndWrites()
        printChat()
    }

    /// Search, correctness, writes and whole processes: printed as soon as they are measured, so
    /// that a failure in the chat part that follows cannot lose them.
    func printSearchAndWrites() {
        Swift.print("\n### Search, in-process (ms; Redis = GEOSEARCH on one key, or one key per study)\n")
        Swift.print("| data | query | results | slp p50 | p90 | p99 | Redis server p50 | Redis round trip p50 | slp / Redis server |")
        Swift.print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
        for row in search {
            Swift.print("| \(row.dataset) | \(row.label) | \(Int(row.meanResults.rounded())) | \(ms(row.slp.p50)) | \(ms(row.slp.p90)) | \(ms(row.slp.p99)) | \(ms(row.redisServer?.p50)) | \(ms(row.redisRoundTrip?.p50)) | \(ratio(row.slp.p50, row.redisServer?.p50)) |")
        }
        if search.contains(where: { $0.postgres != nil }) {
            Swift.print("\n### Search on PostgreSQL, in-process (ms; PostGIS = ST_DWithin + ST_Distance on a GiST-indexed geography column, same points)\n")
            Swift.print("| data | query | results | SQLite p50 | PostgreSQL p50 | p90 | p99 | PostGIS server p50 | PostGIS round trip p50 | PostgreSQL / PostGIS server |")
            Swift.print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
            for row in search {
                Swift.print("| \(row.dataset) | \(row.label) | \(Int(row.meanResults.rounded())) | \(ms(row.slp.p50)) | \(ms(row.postgres?.p50)) | \(ms(row.postgres?.p90)) | \(ms(row.postgres?.p99)) | \(ms(row.postgisServer?.p50)) | \(ms(row.postgisRoundTrip?.p50)) | \(ratio(row.postgres?.p50, row.postgisServer?.p50)) |")
            }
            if let postgisNote { Swift.print("\n\(postgisNote)") }
        }
        Swift.print("\n### Correctness against a brute-force haversine scan\n")
        for (name, checked, mismatches) in correctness {
            Swift.print("- \(name): \(checked) queries at 700 m, \(mismatches) mismatches")
        }
        for (name, checked, differing) in backendsAgree {
            Swift.print("- \(name): \(checked) searches on PostgreSQL compared with SQLite's answers (uids, order, distances), \(differing) differ")
        }
        Swift.print("\n### Writes\n")
        for (name, backend, seconds) in seed { Swift.print("- seed \(name), \(backend): \(String(format: "%.2f", seconds)) s") }
        for name in Set(seed.map(\.0)).sorted() {
            let times = seed.filter { $0.0 == name }
            if let sqlite = times.first(where: { $0.1 == "SQLite" })?.2, let postgres = times.first(where: { $0.1 == "PostgreSQL" })?.2 {
                Swift.print("- seed \(name): PostgreSQL / SQLite \(String(format: "%.2f", postgres / sqlite))×")
            }
        }
        if let (name, times) = queueEnter {
            Swift.print("- queue enter at \(name): p50 \(ms(times.p50)) ms, p99 \(ms(times.p99)) ms")
        }
        if !processes.isEmpty || peakKiB != nil {
            Swift.print("\n### Whole processes (hyperfine, \(SLPBench.processRounds) rounds of \(SLPBench.processRunsPerRound) runs in alternating order, median of all runs, ms)\n")
            for (name, median) in processes { Swift.print("- \(name): \(String(format: "%.2f", median)) ms") }
            for (name, ratios) in processRatios.sorted(by: { $0.key < $1.key }) where !ratios.isEmpty {
                let sorted = ratios.sorted()
                Swift.print("- \(name) / slp search on SQLite: median of rounds \(String(format: "%.2f", sorted[sorted.count / 2]))× (rounds \(String(format: "%.2f", sorted.first!))–\(String(format: "%.2f", sorted.last!))×)")
            }
            if let peakKiB { Swift.print("- peak memory of slp search: \(String(format: "%.1f", Double(peakKiB) / 1024)) MiB") }
        }
    }

    /// Giving up on an unreachable server, and chat on each backend.
    func printChat() {
        if !giveUps.isEmpty {
            Swift.print("\n### PostgreSQL out of reach: a whole `slp user show` until it exits 74 (ms)\n")
            for (name, times, runs) in giveUps {
                Swift.print("- \(name): p50 \(ms(times.p50)), max of \(runs) \(ms(times.p99))")
            }
        }
        for figures in chat {
            Swift.print("\n### Chat on \(figures.backend) (\(figures.messages ?? 0) messages, conversations of \(ChatBench.messagesPerConversation))\n")
            if let fill = figures.fill { Swift.print("- filling 2M messages: \(String(format: "%.2f", fill)) s") }
            Swift.print("- open a chat (newest 50), in-process: p50 \(ms(figures.newest?.p50)) ms, p99 \(ms(figures.newest?.p99)) ms")
            Swift.print("- page forward (--since, 50), in-process: p50 \(ms(figures.paging?.p50)) ms, p99 \(ms(figures.paging?.p99)) ms")
            if let list = figures.listProcess { Swift.print("- `slp --json chat list --limit 50`, whole process (hyperfine median): \(String(format: "%.2f", list)) ms") }
            if let rate = figures.sendRate { Swift.print("- `slp chat send` from stdin: \(Int(rate.rounded())) messages/s (each its own durable transaction)") }
            if let follow = figures.followLatency {
                Swift.print("- `slp chat follow` sees a message from another process: p50 \(ms(follow.p50)) ms, max of 30 \(ms(follow.p99)) ms after its commit")
            }
            if let events = figures.eventsLatency {
                Swift.print("- `slp events` prints an event committed by another process: p50 \(ms(events.p50)) ms, max of 30 \(ms(events.p99)) ms after its commit")
            }
            if let wait = figures.waitLatency {
                Swift.print("- `slp queue --wait` ends after an accept committed by another process: p50 \(ms(wait.p50)) ms, max of 20 \(ms(wait.p99)) ms after its commit")
            }
            if let connection = figures.connection {
                Swift.print("- a new connection (connect, set the session up, check the schema): p50 \(ms(connection.connect.p50)) ms, max of 10 \(ms(connection.connect.p99)) ms; the server clock offset it measures (truly 0 here): p50 \(ms(connection.clockOffset.p50)) ms, max \(ms(connection.clockOffset.p99)) ms")
            }
        }
    }
}
