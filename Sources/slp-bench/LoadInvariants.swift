import Foundation

/// What must hold in the store after a load round, read back with SQL that reads the same on
/// both backends: the matching rules' invariants, and every write slp acknowledged present.
struct LoadInvariants {
    struct Findings: Sendable {
        /// Each rule with the rows breaking it (all zero when the store is sound).
        var violations: [(rule: String, count: Int)] = []
        var matchesStored = 0
        var messagesStored = 0
        /// Acknowledged writes missing from the store, by kind.
        var lostMatches = 0
        var lostMessages = 0
        var lostReviews = 0
        var lostDodges = 0
        /// Matches stored that no client saw acknowledged (0 when no command failed after committing).
        var unacknowledgedMatches = 0

        var violationCount: Int { violations.reduce(0) { $0 + $1.count } }
        var lostCount: Int { lostMatches + lostMessages + lostReviews + lostDodges }
    }

    /// Each rule as a query counting the rows that break it.
    static let rules: [(String, String)] = [
        ("a user in two current matches", """
            SELECT count(*) FROM (SELECT user_id FROM match_members WHERE is_current GROUP BY user_id HAVING count(*) > 1) t
            """),
        ("a user in two matches neither side has ended", """
            SELECT count(*) FROM (
                SELECT mm.user_id FROM match_members mm JOIN matches m ON m.id = mm.match_id
                WHERE m.ended_at IS NULL GROUP BY mm.user_id HAVING count(*) > 1) t
            """),
        ("a match without exactly two members", """
            SELECT count(*) FROM (
                SELECT m.id FROM matches m LEFT JOIN match_members mm ON mm.match_id = m.id GROUP BY m.id HAVING count(mm.user_id) <> 2) t
            """),
        ("the two sides of a match disagree on who is whose partner", """
            SELECT count(*) FROM match_members a JOIN users ua ON ua.id = a.user_id
            WHERE NOT EXISTS (
                SELECT 1 FROM match_members b JOIN users ub ON ub.id = b.user_id
                WHERE b.match_id = a.match_id AND b.user_id = a.partner_id AND b.partner_id = a.user_id
                    AND b.partner_uid = ua.uid AND a.partner_uid = ub.uid AND b.user_id <> a.user_id)
            """),
        ("a user still current in a match they ended", """
            SELECT count(*) FROM match_members WHERE is_current AND ending IS NOT NULL
            """),
        ("a user current in a match older than their newest", """
            SELECT count(*) FROM match_members a
            WHERE a.is_current AND EXISTS (SELECT 1 FROM match_members b WHERE b.user_id = a.user_id AND b.match_id > a.match_id)
            """),
        ("a user in a match neither side has ended, and waiting in the queue", """
            SELECT count(*) FROM queue q JOIN match_members mm ON mm.user_id = q.user_id JOIN matches m ON m.id = mm.match_id
            WHERE m.ended_at IS NULL
            """),
        ("an open request to or from a user in a match neither side has ended", """
            SELECT count(*) FROM requests r JOIN match_members mm ON mm.user_id IN (r.from_id, r.to_id)
            JOIN matches m ON m.id = mm.match_id WHERE m.ended_at IS NULL
            """),
        ("a message not between the two members of its match", """
            SELECT count(*) FROM messages x
            WHERE NOT EXISTS (
                SELECT 1 FROM match_members a JOIN users u ON u.id = a.user_id
                WHERE a.match_id = x.match_id AND u.uid = x.from_uid AND a.partner_uid = x.to_uid)
            """),
    ]

    static func check(_ store: any LoadStore, _ acknowledged: LoadAcknowledgements) throws -> Findings {
        var findings = Findings()
        for (rule, sql) in rules {
            findings.violations.append((rule, Int(try store.rows(sql).first?.first ?? "") ?? -1))
        }

        // Matches: per unordered pair, at least as many stored as acknowledged.
        let members = try store.rows("SELECT a.match_id, u.uid, a.partner_uid FROM match_members a JOIN users u ON u.id = a.user_id")
        var pairsByMatch: [String: Set<String>] = [:]
        for row in members where row.count == 3 { pairsByMatch[row[0], default: []].formUnion([row[1], row[2]]) }
        findings.matchesStored = pairsByMatch.count
        let stored = counts(pairsByMatch.values.map { $0.sorted().joined(separator: " ") })
        let matches = counts(acknowledged.matches.map { [$0.0, $0.1].sorted().joined(separator: " ") })
        findings.lostMatches = missing(matches, from: stored)
        findings.unacknowledgedMatches = missing(stored, from: matches)

        // Messages: each acknowledged one stored as printed, to the millisecond.
        let messages = try store.rows("SELECT from_uid, to_uid, chat, created_at FROM messages")
        findings.messagesStored = messages.count
        let storedMessages = Set(messages.map { $0.joined(separator: "\t") })
        let parser = ISO8601DateFormatter()
        parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        findings.lostMessages = acknowledged.messages.filter { message in
            guard let date = parser.date(from: message.createdAt) else { return true }
            let milliseconds = Int64((date.timeIntervalSince1970 * 1_000).rounded())
            return !storedMessages.contains([message.from, message.to, message.chat, "\(milliseconds)"].joined(separator: "\t"))
        }.count

        // Reviews and dodges: per person (and partner), at least as many stored as acknowledged.
        let reviews = try store.rows("SELECT u.uid, a.partner_uid FROM match_members a JOIN users u ON u.id = a.user_id WHERE a.reviewed_partner")
        findings.lostReviews = missing(counts(acknowledged.reviews.map { "\($0.0) \($0.1)" }), from: counts(reviews.map { $0.joined(separator: " ") }))
        let dodges = try store.rows("SELECT u.uid FROM match_members a JOIN users u ON u.id = a.user_id WHERE a.ending = 'dodged'")
        findings.lostDodges = missing(counts(acknowledged.dodges), from: counts(dodges.map { $0.first ?? "" }))
        return findings
    }

    private static func counts(_ keys: [String]) -> [String: Int] {
        keys.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }

    /// How many of `wanted` (counted per key) `present` lacks.
    private static func missing(_ wanted: [String: Int], from present: [String: Int]) -> Int {
        wanted.reduce(0) { $0 + max(0, $1.value - (present[$1.key] ?? 0)) }
    }
}
