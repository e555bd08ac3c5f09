#if PostgreSQL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// Requests, matches, reviews and reports on a PostgreSQL server. Each method is one
/// serializable transaction; the partial unique index on current members is the database's
/// own guard that nobody is in two matches.
public final class PGMatchRepository: MatchRepository {
    private let database: PGDatabase

    public init(database: PGDatabase) {
        self.database = database
    }

    public func snapshot(of uid: UserID) throws -> PartySnapshot {
        try database.read { connection in
            guard let record = try PGUserRows.load(uid: uid, in: connection) else { throw DomainError.notRegistered }
            return try PGMatchRows.party(record, in: connection)
        }
    }

    public func decide(_ me: UserID, _ other: UserID, at now: Date, _ rule: (PairSnapshot) throws -> PairDecision) throws -> PairSnapshot {
        try database.write { connection in
            guard let mine = try PGUserRows.load(uid: me, in: connection) else { throw DomainError.notRegistered }
            guard let theirs = try PGUserRows.load(uid: other, in: connection) else { throw DomainError.userNotFound }
            let links = try connection.execute("""
                SELECT EXISTS (SELECT 1 FROM slp.requests WHERE from_id = $2 AND to_id = $1),
                       EXISTS (SELECT 1 FROM slp.reports WHERE reporter_id = $1 AND reported_id = $2),
                       EXISTS (SELECT 1 FROM slp.reports WHERE reporter_id = $2 AND reported_id = $1)
                """, [mine.id, theirs.id])
            let pair = PairSnapshot(
                me: try PGMatchRows.party(mine, in: connection), other: try PGMatchRows.party(theirs, in: connection),
                requestFromOther: links.first { $0.bool(0) } ?? false,
                iReported: links.first { $0.bool(1) } ?? false, otherReported: links.first { $0.bool(2) } ?? false)
            let decision = try rule(pair)
            switch decision {
            case .openRequest:
                try connection.execute("""
                    INSERT INTO slp.requests (from_id, to_id, created_at) VALUES ($1, $2, $3)
                    ON CONFLICT (from_id, to_id) DO UPDATE SET created_at = excluded.created_at
                    """, [mine.id, theirs.id, now.unixMilliseconds])
            case .match:
                try PGMatchRows.match(mine, theirs, at: now, in: connection)
            case .review(let titles, let comment, let endsMyMatch, let resetsMyDodges):
                guard let latest = try PGMatchRows.latestMatch(userID: mine.id, in: connection) else { throw DomainError.notPartner }
                var partner = pair.other.user
                partner.reputation.add(titles)
                if let comment { partner.comments.append(comment) }
                try PGUserRows.save(partner, id: theirs.id, in: connection, previous: theirs)
                try connection.execute("UPDATE slp.match_members SET reviewed_partner = true WHERE match_id = $1 AND user_id = $2",
                                       [latest.matchID, mine.id])
                if endsMyMatch {
                    try PGMatchRows.end(matchID: latest.matchID, userID: mine.id, ending: .reviewed, at: now, in: connection)
                }
                if resetsMyDodges {
                    try connection.execute("UPDATE slp.users SET dodge_num = 0 WHERE id = $1", [mine.id])
                }
            case .report(let reason, let comment, let barsFromQueue):
                try connection.execute("""
                    INSERT INTO slp.reports (reporter_id, reported_id, reason, comment, created_at) VALUES ($1, $2, $3, $4, $5)
                    """, [mine.id, theirs.id, reason.rawValue, comment ?? "", now.unixMilliseconds])
                try connection.execute("UPDATE slp.users SET reported_num = reported_num + 1 WHERE id = $1", [theirs.id])
                // A reported pair never meets again: open requests between them are void.
                try connection.execute("""
                    DELETE FROM slp.requests WHERE (from_id = $1 AND to_id = $2) OR (from_id = $2 AND to_id = $1)
                    """, [mine.id, theirs.id])
                if barsFromQueue { try PGQueueRows.remove(userID: theirs.id, in: connection) }
            }
            try PGEventRows.record(EventRules.notices(decision, pair), at: now, in: connection)
            return pair
        }
    }

    public func dodge(_ me: UserID, at now: Date, _ rule: (PartySnapshot) throws -> DodgeDecision) throws -> (DodgeDecision, MatchView) {
        try database.write { connection in
            guard let mine = try PGUserRows.load(uid: me, in: connection) else { throw DomainError.notRegistered }
            let party = try PGMatchRows.party(mine, in: connection)
            let decision = try rule(party)
            guard let match = party.current, let latest = try PGMatchRows.latestMatch(userID: mine.id, in: connection) else {
                throw DomainError.notPartner
            }
            try PGMatchRows.end(matchID: latest.matchID, userID: mine.id, ending: .dodged, at: now, in: connection)
            try connection.execute("""
                UPDATE slp.users SET dodge_num = $1, dodge_penalty_until = coalesce($2, dodge_penalty_until),
                    penalty_event_due = coalesce($2, penalty_event_due)
                WHERE id = $3
                """, [decision.dodgeCount, decision.penaltyUntil?.unixMilliseconds, mine.id])
            try PGEventRows.record(EventRules.notices(dodging: match, me: party.user), at: now, in: connection)
            return (decision, match)
        }
    }
}
#endif
