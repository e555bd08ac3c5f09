#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// Matches, as each member sees theirs.
extension SQLTransaction {
    func latestMatch(of uid: UserID, with partner: UserID?) throws -> MatchView? {
        guard let id = try rowID(uid) else { return nil }
        if let partner {
            return try connection.first(
                MatchRecord.selection(where: "m.partner_uid = $2"), [.integer(id), .text(partner.rawValue)], MatchRecord.match)
        }
        return try connection.first(MatchRecord.selection(where: "true"), [.integer(id)], MatchRecord.match)
    }

    func match(_ match: Int64, of uid: UserID) throws -> MatchView? {
        guard let id = try rowID(uid) else { return nil }
        return try connection.first(MatchRecord.selection(where: "m.match_id = $2"), [.integer(id), .integer(match)], MatchRecord.match)
    }

    func insertMatch(_ a: UserID, _ b: UserID, at now: Date) throws -> Int64 {
        guard let first = try rowID(a), let second = try rowID(b) else { throw DomainError.userNotFound }
        guard let match = try connection.first(
            "INSERT INTO matches (created_at) VALUES ($1) RETURNING id", [.integer(now.unixMilliseconds)], { $0.int64("id") })
        else { throw StoredDataError(table: "matches", id: 0, detail: "no id for a new match") }
        try connection.run("""
            INSERT INTO match_members (match_id, user_id, partner_id, partner_uid) VALUES ($1, $2, $3, $4), ($1, $3, $2, $5)
            """, [.integer(match), .integer(first), .integer(second), .text(b.rawValue), .text(a.rawValue)])
        return match
    }

    func leaveCurrentMatch(of uid: UserID) throws {
        guard let id = try rowID(uid) else { return }
        try connection.run("UPDATE match_members SET is_current = false WHERE user_id = $1 AND is_current", [.integer(id)])
    }

    func end(_ match: Int64, for uid: UserID, _ ending: MatchEnding, at now: Date) throws {
        guard let id = try rowID(uid) else { return }
        try connection.run(
            "UPDATE match_members SET ending = $1, is_current = false WHERE match_id = $2 AND user_id = $3",
            [.text(ending.rawValue), .integer(match), .integer(id)])
        try connection.run("UPDATE matches SET ended_at = coalesce(ended_at, $1) WHERE id = $2", [.integer(now.unixMilliseconds), .integer(match)])
    }

    func markReviewed(_ match: Int64, by uid: UserID) throws {
        guard let id = try rowID(uid) else { return }
        try connection.run("UPDATE match_members SET reviewed_partner = true WHERE match_id = $1 AND user_id = $2", [.integer(match), .integer(id)])
    }
}
