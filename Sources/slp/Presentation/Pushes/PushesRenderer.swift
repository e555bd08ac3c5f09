import SLPDomain

/// Draws `slp pushes`: the push senders' counts, one a line for people, one object for programs.
struct PushesRenderer {
    let format: OutputFormat

    func render(_ counts: PushCounts) -> Output {
        let rows: [(json: String, label: String, count: Int)] = [
            ("pending", "pending", counts.pending), ("sent", "sent", counts.sent), ("retried", "retried", counts.retried),
            ("dropped", "dropped", counts.dropped), ("tokensCleared", "tokens cleared", counts.tokensCleared),
            ("parked", "parked", counts.parked),
        ]
        switch format {
        case .json:
            return .success(JSONValue.object(rows.map { ($0.json, .int($0.count)) }).text + "\n")
        case .text(let style):
            var table = KeyValueTable()
            for row in rows { table.add(row.label, String(row.count)) }
            return .success(table.render(style: style))
        }
    }
}
