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
        SELECT m.match_id, m.partner_uid, m.ending, m.reviewed_partner, m.is_current, x.created_at AS started_at,
            p.nick AS partner_nick, pm.ending AS partner_ending
        FROM match_members m
        JOIN matches x ON x.id = m.match_id
        LEFT JOIN users p ON p.id = m.partner_id
        LEFT JOIN match_members pm ON pm.match_id = m.match_id AND pm.user_id = m.partner_id
        WHERE m.user_id = $1 AND \(condition)
        ORDER BY m.match_id DESC LIMIT 1
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
