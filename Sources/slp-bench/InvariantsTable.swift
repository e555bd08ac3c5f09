/// The table both the HTTP and the load benchmark end with: what each round's store holds
/// against what its clients were told, the rules it breaks and the writes it lost.
enum InvariantsTable {
    struct Row {
        let backend: String
        let clients: Int
        let findings: LoadInvariants.Findings
        let acknowledged: LoadAcknowledgements
    }

    /// Prints the table under `heading`, then a line per broken rule and per round that lost writes.
    static func print(_ heading: String, _ rows: [Row]) {
        Swift.print("\n### \(heading)\n")
        Swift.print("| backend | K | matches stored / acknowledged | messages stored / acknowledged | reviews, dodges acknowledged | rule violations | lost acknowledged writes | stored, never acknowledged |")
        Swift.print("|---|---:|---:|---:|---:|---:|---:|---:|")
        for row in rows {
            let findings = row.findings, acknowledged = row.acknowledged
            Swift.print("| \(row.backend) | \(row.clients) | \(findings.matchesStored) / \(acknowledged.matches.count) | \(findings.messagesStored) / \(acknowledged.messages.count) | \(acknowledged.reviews.count), \(acknowledged.dodges.count) | \(findings.violationCount) | \(findings.lostCount) | \(findings.unacknowledgedMatches) matches |")
        }
        for row in rows {
            for (rule, count) in row.findings.violations where count != 0 {
                Swift.print("- \(row.backend) K=\(row.clients): \(count) × \(rule)")
            }
            let findings = row.findings
            if findings.lostCount > 0 {
                Swift.print("- \(row.backend) K=\(row.clients): lost \(findings.lostMatches) matches, \(findings.lostMessages) messages, \(findings.lostReviews) reviews, \(findings.lostDodges) dodges")
            }
        }
    }
}
