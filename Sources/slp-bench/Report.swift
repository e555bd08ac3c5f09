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
    }

    var seed: [(String, Double)] = []
    var correctness: [(String, Int, Int)] = []
    var search: [SearchRow] = []
    var queueEnter: (String, Percentiles)?
    var processes: [(String, Double)] = []
    /// slp's median over redis-cli's in each hyperfine round.
    var processRoundRatios: [Double] = []
    var peakKiB: Int?
    var chatFill: Double?
    var chatMessages: Int?
    var chatNewest: Percentiles?
    var chatPaging: Percentiles?
    var chatListProcess: Double?
    var chatSendRate: Double?
    var chatFollowLatency: Percentiles?
    var eventsLatency: Percentiles?

    private func ms(_ micros: Double?) -> String {
        guard let micros, micros.isFinite else { return "–" }
        return String(format: "%.3f", micros / 1_000)
    }

    private func ratio(_ a: Double?, _ b: Double?) -> String {
        guard let a, let b, b > 0 else { return "–" }
        return String(format: "%.2f×", a / b)
    }

    func print() {
        Swift.print("\n### Search, in-process (ms; Redis = GEOSEARCH on one key, or one key per study)\n")
        Swift.print("| data | query | results | slp p50 | p90 | p99 | Redis server p50 | Redis round trip p50 | slp / Redis server |")
        Swift.print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
        for row in search {
            Swift.print("| \(row.dataset) | \(row.label) | \(Int(row.meanResults.rounded())) | \(ms(row.slp.p50)) | \(ms(row.slp.p90)) | \(ms(row.slp.p99)) | \(ms(row.redisServer?.p50)) | \(ms(row.redisRoundTrip?.p50)) | \(ratio(row.slp.p50, row.redisServer?.p50)) |")
        }
        Swift.print("\n### Correctness against a brute-force haversine scan\n")
        for (name, checked, mismatches) in correctness {
            Swift.print("- \(name): \(checked) queries at 700 m, \(mismatches) mismatches")
        }
        Swift.print("\n### Writes\n")
        for (name, seconds) in seed { Swift.print("- seed \(name): \(String(format: "%.2f", seconds)) s") }
        if let (name, times) = queueEnter {
            Swift.print("- queue enter at \(name): p50 \(ms(times.p50)) ms, p99 \(ms(times.p99)) ms")
        }
        if !processes.isEmpty || peakKiB != nil {
            Swift.print("\n### Whole processes (hyperfine, \(SLPBench.processRounds) rounds of \(SLPBench.processRunsPerRound) runs in alternating order, median of all runs, ms)\n")
            let slp = processes.first { $0.0.hasPrefix("slp") }?.1
            let redis = processes.first { $0.0.hasPrefix("redis") }?.1
            for (name, median) in processes { Swift.print("- \(name): \(String(format: "%.2f", median)) ms") }
            if let slp, let redis {
                let rounds = processRoundRatios.isEmpty ? ""
                    : " (rounds \(String(format: "%.2f", processRoundRatios.min()!))–\(String(format: "%.2f", processRoundRatios.max()!))×)"
                Swift.print("- slp / redis-cli: \(String(format: "%.2f", slp / redis))×\(rounds)")
            }
            if let peakKiB { Swift.print("- peak memory of slp search: \(String(format: "%.1f", Double(peakKiB) / 1024)) MiB") }
        }
        if let chatNewest, let chatPaging {
            Swift.print("\n### Chat (\(chatMessages ?? 0) messages, conversations of \(ChatBench.messagesPerConversation))\n")
            if let chatFill { Swift.print("- filling 2M messages: \(String(format: "%.2f", chatFill)) s") }
            Swift.print("- open a chat (newest 50), in-process: p50 \(ms(chatNewest.p50)) ms, p99 \(ms(chatNewest.p99)) ms")
            Swift.print("- page forward (--since, 50), in-process: p50 \(ms(chatPaging.p50)) ms, p99 \(ms(chatPaging.p99)) ms")
            if let chatListProcess { Swift.print("- `slp --json chat list --limit 50`, whole process (hyperfine median): \(String(format: "%.2f", chatListProcess)) ms") }
            if let chatSendRate { Swift.print("- `slp chat send` from stdin: \(Int(chatSendRate.rounded())) messages/s (each its own synced transaction)") }
            if let chatFollowLatency {
                Swift.print("- `slp chat follow` sees a message from another process: p50 \(ms(chatFollowLatency.p50)) ms, max of 30 \(ms(chatFollowLatency.p99)) ms after its commit")
            }
            if let eventsLatency {
                Swift.print("- `slp events` prints an event committed by another process: p50 \(ms(eventsLatency.p50)) ms, max of 30 \(ms(eventsLatency.p99)) ms after its commit")
            }
        }
    }
}
