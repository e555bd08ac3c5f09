import Foundation

/// The HTTP benchmark's findings, printed as Markdown tables (pasted into docs/PERFORMANCE.md).
struct HTTPReport {
    let options: HTTPOptions
    var rounds: [HTTPRound] = []

    private func ms(_ micros: Double) -> String { Milliseconds.text(micros) }

    private func latency(_ micros: [Double]) -> String { Milliseconds.p50p99(micros) }

    func print() {
        Swift.print("\n### One kind of request at a time (K clients, \(Int(options.phaseSeconds)) s each, requests/s; p50 / p99 ms)\n")
        Swift.print("| backend | K | floor before | floor after | myQueueState | ratio to floor | search (\(options.population) waiting) | ratio to floor | floor p50 / p99 | myQueueState p50 / p99 | search p50 / p99 | errors |")
        Swift.print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for round in rounds {
            let errors = round.floorBefore.errors + round.floorAfter.errors + round.state.errors + round.search.errors
            let f = { (value: Double, digits: Int) in String(format: "%.\(digits)f", value) }
            Swift.print("| \(round.backend) | \(round.clients) | \(f(round.floorBefore.perSecond, 0)) | \(f(round.floorAfter.perSecond, 0)) | "
                + "\(f(round.state.perSecond, 0)) | \(f(round.state.perSecond / round.floor, 2))× | \(f(round.search.perSecond, 0)) | "
                + "\(f(round.search.perSecond / round.floor, 2))× | \(ms(round.floorBefore.latency.p50)) / \(ms(round.floorBefore.latency.p99)) | "
                + "\(ms(round.state.latency.p50)) / \(ms(round.state.latency.p99)) | \(ms(round.search.latency.p50)) / \(ms(round.search.latency.p99)) | \(errors) |")
        }

        Swift.print("\n### Compressed search answers (K clients, \(Int(options.phaseSeconds)) s each: plain, then `Accept-Encoding: gzip`, then `br, gzip, deflate`)\n")
        Swift.print("| backend | K | plain requests/s | plain bytes/answer | gzip requests/s | × plain | gzip bytes/answer | % of plain | br requests/s | × plain | br bytes/answer | % of plain | floor: uids' random characters, % of plain | compressed answers | search p50 / p99: plain, gzip, br |")
        Swift.print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for round in rounds {
            let f = { (value: Double, digits: Int) in String(format: "%.\(digits)f", value) }
            let plain = round.search
            let cells = [round.searchGzip, round.searchBrotli].map { encoded in
                "\(f(encoded.perSecond, 0)) | \(f(encoded.perSecond / plain.perSecond, 2))× | \(f(encoded.bytesPerAnswer, 0)) | "
                    + "\(f(100 * encoded.bytesPerAnswer / plain.bytesPerAnswer, 1))%"
            }
            let compressed = "\(round.searchGzip.encodedAnswers + round.searchBrotli.encodedAnswers) of \(round.searchGzip.answers + round.searchBrotli.answers)"
            let latencies = [plain, round.searchGzip, round.searchBrotli].map { "\(ms($0.latency.p50)) / \(ms($0.latency.p99))" }
            Swift.print("| \(round.backend) | \(round.clients) | \(f(plain.perSecond, 0)) | \(f(plain.bytesPerAnswer, 0)) | "
                + cells.joined(separator: " | ") + " | \(f(100 * plain.uidFloorBytesPerAnswer / plain.bytesPerAnswer, 1))% | \(compressed) | "
                + latencies.joined(separator: "; ") + " |")
        }

        Swift.print("\n### Metrics on against off (GET myQueueState, K clients, \(Int(options.phaseSeconds)) s a phase, "
            + "in turns: off, `--metrics` scraped every second, off, … off)\n")
        Swift.print("| backend | K | off, requests/s | metrics on, requests/s | each on ÷ mean of the offs beside it | median | "
            + "server CPU per answer off / on, µs | off ÷ on | pages scraped | middle on-phase p50 / p99 ms | errors |")
        Swift.print("|---|---:|---|---|---|---:|---:|---:|---:|---:|---:|")
        for round in rounds {
            let metrics = round.metrics
            let f = { (value: Double, digits: Int) in String(format: "%.\(digits)f", value) }
            let rates = { (phases: [MetricsComparison.Phase]) in phases.map { f($0.throughput.perSecond, 0) }.joined(separator: ", ") }
            let latencies = metrics.on[metrics.on.count / 2].throughput.latency
            Swift.print("| \(round.backend) | \(round.clients) | \(rates(metrics.off)) | \(rates(metrics.on)) | "
                + "\(metrics.ratios.map { f($0, 3) }.joined(separator: ", ")) | \(f(metrics.ratio, 3))× | "
                + "\(f(MetricsComparison.cpuPerAnswer(metrics.off), 0)) / \(f(MetricsComparison.cpuPerAnswer(metrics.on), 0)) | "
                + "\(f(metrics.cpuRatio, 3))× | \(metrics.pages) | \(ms(latencies.p50)) / \(ms(latencies.p99)) | \(metrics.errors) |")
        }

        Swift.print("\n### The apps' traffic (K clients, \(Int(options.seconds)) s, each request sent when the one before it is answered and its person's write limit allows)\n")
        Swift.print("| backend | K | people | requests | requests/s | 200 | refusals (201–205, 409) | refused by the limits (429) | 5xx | other errors | writes p50 / p99 ms | all p50 / p99 ms | machine cores busy | round: this run, others |")
        Swift.print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for round in rounds {
            let tally = round.tally
            let done = HTTPEndpoint.allCases.reduce(0) { $0 + tally[$1].done }
            let all = HTTPEndpoint.allCases.flatMap { tally[$0].micros }
            let f = { (value: Double, digits: Int) in String(format: "%.\(digits)f", value) }
            Swift.print("| \(round.backend) | \(round.clients) | \(round.people) | \(tally.requests) | \(f(Double(tally.requests) / round.seconds, 1)) | "
                + "\(done) | \(tally.refusals) | \(tally.limited) | \(tally.serverErrors) | \(tally.otherErrors) | \(latency(tally.writeMicros)) | \(latency(all)) | "
                + "\(f(round.machineCores, 2)) | \(f(round.roundCores.benchmark, 2)), \(f(round.roundCores.others, 2)) |")
        }

        Swift.print("\n### Latency per request, p50 / p99 in ms (connect to last byte, refusals included)\n")
        Swift.print("| backend | K | " + HTTPEndpoint.allCases.map(\.rawValue).joined(separator: " | ") + " |")
        Swift.print("|---|---:|" + String(repeating: "---:|", count: HTTPEndpoint.allCases.count))
        for round in rounds {
            let cells = HTTPEndpoint.allCases.map { latency(round.tally[$0].micros) }
            Swift.print("| \(round.backend) | \(round.clients) | " + cells.joined(separator: " | ") + " |")
        }

        Swift.print("\n### Requests per endpoint (200 / refused / refused by the limits / 5xx / other errors)\n")
        Swift.print("| backend | K | " + HTTPEndpoint.allCases.map(\.rawValue).joined(separator: " | ") + " |")
        Swift.print("|---|---:|" + String(repeating: "---:|", count: HTTPEndpoint.allCases.count))
        for round in rounds {
            let cells = HTTPEndpoint.allCases.map { endpoint -> String in
                let counts = round.tally[endpoint]
                return "\(counts.done) / \(counts.refusals) / \(counts.limited) / \(counts.serverErrors) / \(counts.otherErrors)"
            }
            Swift.print("| \(round.backend) | \(round.clients) | " + cells.joined(separator: " | ") + " |")
        }
        for round in rounds where !round.tally.errorSamples.isEmpty {
            for line in round.tally.errorSamples { Swift.print("- \(round.backend) K=\(round.clients) error: \(line)") }
        }

        InvariantsTable.print("Acknowledged writes and invariants afterwards (read from the store)", rounds.map {
            InvariantsTable.Row(backend: $0.backend, clients: $0.clients, findings: $0.findings, acknowledged: $0.acknowledged)
        })

        Swift.print("\n### Goals\n")
        for round in rounds {
            var lines: [String] = []
            lines.append("5xx \(round.tally.serverErrors + round.state.serverErrors + round.search.serverErrors)")
            lines.append("lost \(round.findings.lostCount)")
            if round.clients == 64 { lines.append("write p99 \(ms(Percentiles(round.tally.writeMicros).p99)) ms (goal ≤ 1000 on SQLite)") }
            lines.append(String(
                format: "metrics on %.3f× off, server CPU %.3f× (goal ≥ 0.97×)", round.metrics.ratio, round.metrics.cpuRatio))
            if round.clients == 16 {
                lines.append(String(format: "myQueueState %.2f× (goal ≥ 0.5×), search %.2f× (goal ≥ 0.4×)",
                                    round.state.perSecond / round.floor, round.search.perSecond / round.floor))
            }
            for (name, encoded) in [("gzip", round.searchGzip), ("br", round.searchBrotli)] {
                lines.append(String(format: "search %@ %.1f%% of the bytes (goal ≤ 15%%), %.2f× the requests/s (goal ≥ 0.8×)", name,
                                    100 * encoded.bytesPerAnswer / round.search.bytesPerAnswer, encoded.perSecond / round.search.perSecond))
            }
            Swift.print("- \(round.backend) K=\(round.clients): " + lines.joined(separator: "; "))
        }
    }
}
