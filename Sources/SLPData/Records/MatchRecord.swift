#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// A member's row of `match_members`, with its match and the partner, read as `MatchView`.
enum MatchRecord {
    /// A member's matches, the newest first, with the rest of the WHERE clause after the
    /// member's row id (`$1`): the member row `m`, its match `x`, the partner `p` (gone once
    /// withdrawn) and the partner's member row `pm`.
    static func selection(where condition: String) -> String {
        """
        SELECT \(columns())
        FROM match_members m
        \(joins("JOIN"))
        WHERE m.user_id = $1 AND \(condition)
        ORDER BY m.match_id DESC LIMIT 1
        """
    }

    /// What `match(_:)` reads, from the member row `m` and the rows `joins` adds, each named
    /// with `prefix` in front.
    static func columns(prefix: String = "") -> String {
        """
        m.match_id AS \(prefix)match_id, m.partner_uid AS \(prefix)partner_uid, m.ending AS \(prefix)ending,
            m.reviewed_partner AS \(prefix)reviewed_partner, m.is_current AS \(prefix)is_current,
            x.created_at AS \(prefix)started_at, p.nick AS \(prefix)partner_nick, pm.ending AS \(prefix)partner_ending
        """
    }

    /// The member row `m`'s match `x` (joined by `join`: `LEFT JOIN` where `m` may be missing),
    /// its partner `p` and the partner's member row `pm`.
    static func joins(_ join: String) -> String {
        """
        \(join) matches x ON x.id = m.match_id
        LEFT JOIN users p ON p.id = m.partner_id
        LEFT JOIN match_members pm ON pm.match_id = m.match_id AND pm.user_id = m.partner_id
        """
    }

    static func match(_ row: some SQLRow) throws -> MatchView {
        let id = row.int64("match_id")
        do {
            let partnerUID = try UserID(row.text("partner_uid"))
            let partner = try row.optionalText("partner_nick").map { MatchView.Partner(uid: partnerUID, nick: try Nick($0)) }
            return MatchView(
                id: id, partnerUID: partnerUID, partner: partner, myEnding: ending(row.optionalText("ending")),
                partnerEnding: ending(row.optionalText("partner_ending")), iReviewed: row.bool("reviewed_partner"),
                isCurrent: row.bool("is_current"), startedAt: Date(unixMilliseconds: row.int64("started_at")))
        } catch let error as DomainError {
            throw StoredDataError(table: "match_members", id: id, detail: error.message)
        }
    }

    private static func ending(_ text: String?) -> MatchEnding? { text.flatMap(MatchEnding.init(rawValue:)) }
}
