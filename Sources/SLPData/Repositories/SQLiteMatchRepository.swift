#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// Requests, matches, reviews and reports in slp's SQLite file.
public final class SQLiteMatchRepository: MatchRepository {
    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func snapshot(of uid: UserID) throws -> PartySnapshot {
        try database.read { connection in
            guard let record = try UserRows.load(where: "uid", equals: uid.rawValue, in: connection) else {
                throw DomainError.notRegistered
            }
            return try MatchRows.party(record, in: connection)
        }
    }

    public func decide(_ me: UserID, _ other: UserID, at now: Date, _ rule: (PairSnapshot) throws -> PairDecision) throws -> PairSnapshot {
        try database.write { connection in
            guard let mine = try UserRows.load(where: "uid", equals: me.rawValue, in: connection) else { throw DomainError.notRegistered }
            guard let theirs = try UserRows.load(where: "uid", equals: other.rawValue, in: connection) else { throw DomainError.userNotFound }
            let exists = { (sql: String, a: Int64, b: Int64) throws -> Bool in
                try connection.cached(sql).first([.integer(a), .integer(b)]) { _ in true } ?? false
            }
            let requests = "SELECT 1 FROM requests WHERE from_id = ? AND to_id = ?"
            let reports = "SELECT 1 FROM reports WHERE reporter_id = ? AND reported_id = ?"
            let pair = PairSnapshot(
                me: try MatchRows.party(mine, in: connection), other: try MatchRows.party(theirs, in: connection),
                requestFromOther: try exists(requests, theirs.id, mine.id),
                iReported: try exists(reports, mine.id, theirs.id), otherReported: try exists(reports, theirs.id, mine.id))
            let decision = try rule(pair)
            switch decision {
            case .openRequest:
                try connection.cached("""
                    INSERT INTO requests (from_id, to_id, created_at) VALUES (?, ?, ?)
                    ON CONFLICT (from_id, to_id) DO UPDATE SET created_at = excluded.created_at
                    """).run([.integer(mine.id), .integer(theirs.id), .integer(now.unixMilliseconds)])
            case .match:
                try MatchRows.match(mine, theirs, at: now, in: connection)
            case .review(let titles, let comment, let endsMyMatch, let resetsMyDodges):
                guard let latest = try MatchRows.latestMatch(userID: mine.id, in: connection) else { throw DomainError.notPartner }
                var partner = pair.other.user
                partner.reputation.add(titles)
                if let comment { partner.comments.append(comment) }
                try UserRows.save(partner, id: theirs.id, in: connection, previous: theirs)
                try connection.cached("UPDATE match_members SET reviewed_partner = 1 WHERE match_id = ? AND user_id = ?")
                    .run([.integer(latest.matchID), .integer(mine.id)])
                if endsMyMatch {
                    try MatchRows.end(matchID: latest.matchID, userID: mine.id, ending: .reviewed, at: now, in: connection)
                }
                if resetsMyDodges {
                    try connection.cached("UPDATE users SET dodge_num = 0 WHERE id = ?").run([.integer(mine.id)])
                }
            case .report(let reason, let comment, let barsFromQueue):
                try connection.cached("""
                    INSERT INTO reports (reporter_id, reported_id, reason, comment, created_at) VALUES (?, ?, ?, ?, ?)
                    """).run([.integer(mine.id), .integer(theirs.id), .text(reason.rawValue), .text(comment ?? ""),
                              .integer(now.unixMilliseconds)])
                try connection.cached("UPDATE users SET reported_num = reported_num + 1 WHERE id = ?").run([.integer(theirs.id)])
                // A reported pair never meets again: open requests between them are void.
                try connection.cached("DELETE FROM requests WHERE (from_id = ?1 AND to_id = ?2) OR (from_id = ?2 AND to_id = ?1)")
                    .run([.integer(mine.id), .integer(theirs.id)])
                if barsFromQueue { try QueueRows.remove(userID: theirs.id, in: connection) }
            }
            try EventRows.record(EventRules.notices(decision, pair), at: now, in: connection)
            return pair
        }
    }

    public func dodge(_ me: UserID, at now: Date, _ rule: (PartySnapshot) throws -> DodgeDecision) throws -> (DodgeDecision, MatchView) {
        try database.write { connection in
            guard let mine = try UserRows.load(where: "uid", equals: me.rawValue, in: connection) else { throw DomainError.notRegistered }
            let party = try MatchRows.party(mine, in: connection)
            let decision = try rule(party)
            guard let match = party.current, let latest = try MatchRows.latestMatch(userID: mine.id, in: connection) else {
                throw DomainError.notPartner
            }
            try MatchRows.end(matchID: latest.matchID, userID: mine.id, ending: .dodged, at: now, in: connection)
            try connection.cached("""
                UPDATE users SET dodge_num = ?1, dodge_penalty_until = coalesce(?2, dodge_penalty_until),
                    penalty_event_due = coalesce(?2, penalty_event_due)
                WHERE id = ?3
                """).run([.int(decision.dodgeCount), .optionalInt(decision.penaltyUntil?.unixMilliseconds), .integer(mine.id)])
            try EventRows.record(EventRules.notices(dodging: match, me: party.user), at: now, in: connection)
            return (decision, match)
        }
    }
}
