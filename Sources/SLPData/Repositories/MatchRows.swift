#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// Reading a user's matching situation and applying the domain's decisions, inside a
/// caller's write transaction.
enum MatchRows {
    /// The user's record, queue presence and latest match.
    static func party(_ record: UserRecord, in connection: Connection) throws -> PartySnapshot {
        let position = try connection.cached("SELECT lat, long FROM queue WHERE user_id = ?").first([.integer(record.id)]) { row in
            // Stored positions passed `Coordinate`'s checks when they were queued.
            try Coordinate(latitude: row.double(0), longitude: row.double(1))
        }
        let latest = try latestMatch(userID: record.id, in: connection)?.view
        return PartySnapshot(
            user: try record.toDomain(), position: position, current: latest?.isCurrent == true ? latest : nil, latest: latest)
    }

    /// The newest match of a user (a current match is always the newest), with its row id.
    static func latestMatch(userID id: Int64, in connection: Connection) throws -> (matchID: Int64, view: MatchView)? {
        try connection.cached("""
            SELECT \(StoredMatch.columns)
            FROM match_members m
            JOIN matches x ON x.id = m.match_id
            LEFT JOIN users p ON p.id = m.partner_id
            LEFT JOIN match_members pm ON pm.match_id = m.match_id AND pm.user_id = m.partner_id
            WHERE m.user_id = ?
            ORDER BY m.match_id DESC LIMIT 1
            """).first([.integer(id)]) { try StoredMatch.read($0, userID: id) }
    }

    /// Leaves behind a current match that is already over (my partner ended it).
    static func leaveEndedMatch(userID id: Int64, in connection: Connection) throws {
        try connection.cached("UPDATE match_members SET is_current = 0 WHERE user_id = ? AND is_current = 1").run([.integer(id)])
    }

    /// Matches two waiting users: out of the queue, open requests dropped, one match with two members.
    static func match(_ mine: UserRecord, _ theirs: UserRecord, at now: Date, in connection: Connection) throws {
        let me = mine.id, other = theirs.id
        for id in [me, other] {
            try leaveEndedMatch(userID: id, in: connection)
            guard try QueueRows.remove(userID: id, in: connection) else {
                // The rules only match two waiting users; anything else is a broken invariant.
                throw SQLiteError(extendedCode: 1, message: "matching a user who is not waiting")
            }
        }
        try connection.cached("DELETE FROM requests WHERE from_id IN (?1, ?2) OR to_id IN (?1, ?2)").run([.integer(me), .integer(other)])
        try connection.cached("INSERT INTO matches (created_at) VALUES (?)").run([.integer(now.unixMilliseconds)])
        let matchID = connection.lastInsertRowID
        let member = try connection.cached("INSERT INTO match_members (match_id, user_id, partner_id, partner_uid) VALUES (?, ?, ?, ?)")
        try member.run([.integer(matchID), .integer(me), .integer(other), .text(theirs.uid)])
        try member.run([.integer(matchID), .integer(other), .integer(me), .text(mine.uid)])
    }

    /// Ends my part of a match; the match counts as ended from its first ending on.
    static func end(matchID: Int64, userID: Int64, ending: MatchEnding, at now: Date, in connection: Connection) throws {
        try connection.cached("UPDATE match_members SET ending = ?, is_current = 0 WHERE match_id = ? AND user_id = ?")
            .run([.text(ending.rawValue), .integer(matchID), .integer(userID)])
        try connection.cached("UPDATE matches SET ended_at = coalesce(ended_at, ?) WHERE id = ?")
            .run([.integer(now.unixMilliseconds), .integer(matchID)])
    }
}
