#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// A member's match as both backends read it: the member row `m`, its match `x`, the partner
/// `p` (gone once withdrawn) and the partner's member row `pm`.
enum StoredMatch {
    static let columns = "m.match_id, m.ending, m.reviewed_partner, m.is_current, x.created_at, m.partner_uid, p.nick, pm.ending"

    /// The match of a row read with `columns`, for the user of row `userID`, with its row id.
    static func read(_ row: some StoredRow, userID: Int64) throws -> (matchID: Int64, view: MatchView) {
        let partnerUID: UserID
        var partner: MatchView.Partner?
        do {
            partnerUID = try UserID(row.text(5))
            if let nick = row.optionalText(6) {
                partner = MatchView.Partner(uid: partnerUID, nick: try Nick(nick))
            }
        } catch let error as DomainError {
            throw StoredDataError(table: "users", id: userID, detail: error.message)
        }
        let view = MatchView(
            partnerUID: partnerUID, partner: partner, myEnding: row.optionalText(1).flatMap(MatchEnding.init(rawValue:)),
            partnerEnding: row.optionalText(7).flatMap(MatchEnding.init(rawValue:)), iReviewed: row.bool(2),
            isCurrent: row.bool(3), startedAt: Date(unixMilliseconds: row.int64(4)))
        return (row.int64(0), view)
    }
}
