import Foundation

/// The load mode's findings, printed as Markdown tables (pasted into docs/PERFORMANCE.md).
struct LoadReport {
    var rounds: [LoadRound] = []
    let secondsPerRound: Double

    private func ms(_ micros: Double) -> String { Milliseconds.text(micros) }

    private func rate(_ count: Int, _ seconds: Double) -> String {
        String(format: "%.1f", Double(count) / seconds)
    }

    func print() {
        Swift.print("\n### Throughput (K clients, each running whole `slp` processes one after another for \(Int(secondsPerRound)) s)\n")
        Swift.print("| backend | K | people | processes | processes/s | matches formed | matches/s | messages | refusals | errors | CPU ms per process: slp + server | cores busy: this run, others | `slp --version` alone p50 ms |")
        Swift.print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for round in rounds {
            let tally = round.tally
            Swift.print("| \(round.backend) | \(round.clients) | \(round.people) | \(tally.runs) | \(rate(tally.runs, round.seconds)) | \(round.acknowledged.matches.count) | \(rate(round.acknowledged.matches.count, round.seconds)) | \(round.acknowledged.messages.count) | \(tally.refusals) | \(tally.errors) | \(String(format: "%.1f + %.1f", round.cpuPerProcess.client, round.cpuPerProcess.server)) | \(String(format: "%.2f, %.2f", round.cores.benchmark, round.cores.others)) | \(ms(round.processStart.p50)) |")
        }

        Swift.print("\n### Latency per command, p50 / p99 in ms (spawn to exit, every run, refusals included)\n")
        Swift.print("| backend | K | " + LoadCommand.allCases.map(\.rawValue).joined(separator: " | ") + " |")
        Swift.print("|---|---:|" + String(repeating: "---:|", count: LoadCommand.allCases.count))
        for round in rounds {
            let cells = LoadCommand.allCases.map { Milliseconds.p50p99(round.tally[$0].micros) }
            Swift.print("| \(round.backend) | \(round.clients) | " + cells.joined(separator: " | ") + " |")
        }

        Swift.print("\n### Runs per command (succeeded / refused / errors)\n")
        Swift.print("| backend | K | " + LoadCommand.allCases.map(\.rawValue).joined(separator: " | ") + " |")
        Swift.print("|---|---:|" + String(repeating: "---:|", count: LoadCommand.allCases.count))
        for round in rounds {
            let cells = LoadCommand.allCases.map { command -> String in
                let counts = round.tally[command]
                return "\(counts.succeeded) / \(counts.refusals.values.reduce(0, +)) / \(counts.errors)"
            }
            Swift.print("| \(round.backend) | \(round.clients) | " + cells.joined(separator: " | ") + " |")
        }

        Swift.print("\n### Refusals by code, and errors\n")
        for round in rounds {
            let codes = round.tally.refusalsByCode.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
            Swift.print("- \(round.backend) K=\(round.clients): \(codes.isEmpty ? "none" : codes)")
            for line in round.tally.errorSamples { Swift.print("  - error: \(line)") }
        }

        InvariantsTable.print("Invariants afterwards (read from the store)", rounds.map {
            InvariantsTable.Row(backend: $0.backend, clients: $0.clients, findings: $0.findings, acknowledged: $0.acknowledged)
        })
        Swift.print("\nRules checked: " + LoadInvariants.rules.map(\.0).joined(separator: "; ") + ".")
        Swift.print("Seeding the crowd (not timed): " + rounds.map {
            "\($0.backend) K=\($0.clients) \(String(format: "%.2f", $0.seedSeconds)) s"
        }.joined(separator: ", ") + ".")
    }
}
