#if PostgreSQL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// A user's matching situation on PostgreSQL, and the domain's decisions applied, inside a
/// caller's transaction.
enum PGMatchRows {
    /// The user's record, queue presence and latest match.
    static func party(_ record: UserRecord, in connection: PGConnection) throws -> PartySnapshot {
        let position = try connection.execute("SELECT lat, long FROM slp.queue WHERE user_id = $1", [record.id]).first { row in
            // Stored positions passed `Coordinate`'s checks when they were queued.
            try Coordinate(latitude: row.double(0), longitude: row.double(1))
        }
        let latest = try latestMatch(userID: record.id, in: connection)?.view
        return PartySnapshot(
            user: try record.toDomain(), position: position, current: latest?.isCurrent == true ? latest : nil, latest: latest)
    }

    /// The newest match of a user (a current match is always the newest), with its row id.
    static func latestMatch(userID id: Int64, in connection: PGConnection) throws -> (matchID: Int64, view: MatchView)? {
        try connection.execute("""
            SELECT \(StoredMatch.columns)
            FROM slp.match_members m
            JOIN slp.matches x ON x.id = m.match_id
            LEFT JOIN slp.users p ON p.id = m.partner_id
            LEFT JOIN slp.match_members pm ON pm.match_id = m.match_id AND pm.user_id = m.partner_id
            WHERE m.user_id = $1
            ORDER BY m.match_id DESC LIMIT 1
            """, [id]).first { try StoredMatch.read($0, userID: id) }
    }

    /// Leaves behind a current match that is already over (my partner ended it).
    static func leaveEndedMatch(userID id: Int64, in connection: PGConnection) throws {
        try connection.execute("UPDATE slp.match_members SET is_current = false WHERE user_id = $1 AND is_current", [id])
    }

    /// Matches two waiting users: out of the queue, open requests dropped, one match with two members.
    static func match(_ mine: UserRecord, _ theirs: UserRecord, at now: Date, in connection: PGConnection) throws {
        for id in [mine.id, theirs.id] {
            try leaveEndedMatch(userID: id, in: connection)
            guard try PGQueueRows.remove(userID: id, in: connection) else {
                // The rules only match two waiting users; anything else is a broken invariant.
                throw PGError(kind: .other, message: "matching a user who is not waiting")
            }
        }
        try connection.execute("DELETE FROM slp.requests WHERE from_id IN ($1, $2) OR to_id IN ($1, $2)", [mine.id, theirs.id])
        try connection.execute("""
            WITH made AS (INSERT INTO slp.matches (created_at) VALUES ($1) RETURNING id)
            INSERT INTO slp.match_members (match_id, user_id, partner_id, partner_uid)
            SELECT id, $2::bigint, $3::bigint, $4 FROM made UNION ALL SELECT id, $3::bigint, $2::bigint, $5 FROM made
            """, [now.unixMilliseconds, mine.id, theirs.id, theirs.uid, mine.uid])
    }

    /// Ends my part of a match; the match counts as ended from its first ending on.
    static func end(matchID: Int64, userID: Int64, ending: MatchEnding, at now: Date, in connection: PGConnection) throws {
        try connection.execute("UPDATE slp.match_members SET ending = $1, is_current = false WHERE match_id = $2 AND user_id = $3",
                               [ending.rawValue, matchID, userID])
        try connection.execute("UPDATE slp.matches SET ended_at = coalesce(ended_at, $1) WHERE id = $2", [now.unixMilliseconds, matchID])
    }
}
#endif
