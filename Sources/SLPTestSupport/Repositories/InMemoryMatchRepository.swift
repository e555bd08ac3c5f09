import Foundation
import SLPDomain

/// An in-memory `MatchRepository` with the SQLite contract: each method reads the parties,
/// lets the rule decide and applies the decision (a request, a match, a review, a report, a
/// dodge) in one transaction with the events it causes, so a refusal changes nothing; an unknown me is `notRegistered`,
/// an unknown other `userNotFound`.
package final class InMemoryMatchRepository: MatchRepository {
    package let database: InMemoryDatabase
    /// Every method called, in order, to check that a use case did or did not touch storage.
    package private(set) var calls: [String] = []

    package init(_ database: InMemoryDatabase) {
        self.database = database
    }

    package func snapshot(of uid: UserID) throws -> PartySnapshot {
        calls.append("snapshot")
        guard let user = database.users[uid] else { throw DomainError.notRegistered }
        return database.party(user)
    }

    package func decide(_ me: UserID, _ other: UserID, at now: Date, _ rule: (PairSnapshot) throws -> PairDecision) throws -> PairSnapshot {
        calls.append("decide")
        return try database.write {
            guard let mine = database.users[me] else { throw DomainError.notRegistered }
            guard let theirs = database.users[other] else { throw DomainError.userNotFound }
            let pair = PairSnapshot(
                me: database.party(mine), other: database.party(theirs),
                requestFromOther: database.requests.contains(RequestRow(from: other, to: me)),
                iReported: database.reports.contains { $0.from == me && $0.to == other },
                otherReported: database.reports.contains { $0.from == other && $0.to == me })
            let decision = try rule(pair)
            switch decision {
            case .openRequest:
                database.requests.insert(RequestRow(from: me, to: other))
            case .match:
                precondition(pair.me.isWaiting && pair.other.isWaiting, "the rules only match two waiting users")
                _ = database.insertMatch(me, other, at: now)
            case .review(let titles, let comment, let endsMyMatch, let resetsMyDodges):
                guard let latest = database.latestMembership(of: me) else { throw DomainError.notPartner }
                var partner = pair.other.user
                partner.reputation.add(titles)
                if let comment { partner.comments.append(comment) }
                database.users[other] = partner
                database.matches[latest.match].members[latest.member].reviewedPartner = true
                if endsMyMatch { database.endPart(match: latest.match, member: latest.member, .reviewed, at: now) }
                if resetsMyDodges { database.users[me]?.dodgeCount = 0 }
            case .report(let reason, let comment, let barsFromQueue):
                database.reports.append(ReportRow(from: me, to: other, reason: reason, comment: comment))
                database.users[other]?.reportedCount += 1
                // A reported pair never meets again: open requests between them are void.
                database.requests.remove(RequestRow(from: me, to: other))
                database.requests.remove(RequestRow(from: other, to: me))
                if barsFromQueue { database.queue[other] = nil }
            }
            database.record(EventRules.notices(decision, pair), at: now)
            return pair
        }
    }

    package func dodge(_ me: UserID, at now: Date, _ rule: (PartySnapshot) throws -> DodgeDecision) throws -> (DodgeDecision, MatchView) {
        calls.append("dodge")
        return try database.write {
            guard let mine = database.users[me] else { throw DomainError.notRegistered }
            let party = database.party(mine)
            let decision = try rule(party)
            guard let match = party.current, let latest = database.latestMembership(of: me) else { throw DomainError.notPartner }
            database.endPart(match: latest.match, member: latest.member, .dodged, at: now)
            database.users[me]?.dodgeCount = decision.dodgeCount
            if let until = decision.penaltyUntil {
                database.users[me]?.dodgePenaltyUntil = until
                database.penaltyEventDue[me] = until
            }
            database.record(EventRules.notices(dodging: match, me: mine), at: now)
            return (decision, match)
        }
    }
}
