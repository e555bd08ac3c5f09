import Foundation
import SLPDomain

/// An in-memory `MatchRepository` over a `FakeUserRepository` that applies each `PairDecision`
/// as `SQLiteMatchRepository` does: read both parties, let the rule decide, apply; a refusal
/// (or an impossible decision) changes nothing.
final class FakeMatchRepository: MatchRepository {
    /// One member's row of a match.
    struct Member: Equatable {
        let matchID: Int
        let user: UserID
        let partner: UserID
        var ending: MatchEnding?
        var reviewedPartner = false
        var isCurrent = true
    }

    struct Report: Equatable {
        let from: UserID
        let to: UserID
        let reason: ReportReason
        let comment: String?
    }

    let users: FakeUserRepository
    var waiting: Set<UserID> = []
    /// Open requests as (from, to).
    var requests: Set<[UserID]> = []
    private(set) var reports: [Report] = []
    private(set) var members: [Member] = []
    private(set) var matchStarts: [Int: Date] = [:]
    private(set) var matchEnds: [Int: Date] = [:]
    /// Every method call, in order, to check that a use case did not touch storage.
    private(set) var calls: [String] = []

    init(users: FakeUserRepository) {
        self.users = users
    }

    // MARK: Reading

    private func latestMember(_ uid: UserID) -> Member? {
        members.filter { $0.user == uid }.max { $0.matchID < $1.matchID }
    }

    private func view(_ member: Member) -> MatchView {
        let partner = users.usersByUID[member.partner]
        let theirs = members.first { $0.matchID == member.matchID && $0.user == member.partner }
        return MatchView(
            partner: partner.map { .init(uid: $0.uid, nick: $0.nick) }, myEnding: member.ending,
            partnerEnding: partner == nil ? nil : theirs?.ending, iReviewed: member.reviewedPartner, isCurrent: member.isCurrent,
            startedAt: matchStarts[member.matchID]!)
    }

    private func party(_ user: User) -> PartySnapshot {
        let latest = latestMember(user.uid).map(view)
        return PartySnapshot(user: user, isWaiting: waiting.contains(user.uid), current: latest?.isCurrent == true ? latest : nil, latest: latest)
    }

    func snapshot(of uid: UserID) throws -> PartySnapshot {
        calls.append("snapshot")
        guard let user = users.usersByUID[uid] else { throw DomainError.notRegistered }
        return party(user)
    }

    // MARK: Writing

    /// Puts two users straight into a match, as another process would have.
    func placeMatch(_ a: UserID, _ b: UserID, at now: Date) {
        let id = (matchStarts.keys.max() ?? 0) + 1
        matchStarts[id] = now
        for (me, other) in [(a, b), (b, a)] {
            members.indices.filter { members[$0].user == me && members[$0].isCurrent }.forEach { members[$0].isCurrent = false }
            members.append(Member(matchID: id, user: me, partner: other))
        }
    }

    func decide(_ me: UserID, _ other: UserID, at now: Date, _ rule: (PairSnapshot) throws -> PairDecision) throws -> PairSnapshot {
        calls.append("decide")
        guard let mine = users.usersByUID[me] else { throw DomainError.notRegistered }
        guard let theirs = users.usersByUID[other] else { throw DomainError.userNotFound }
        let pair = PairSnapshot(
            me: party(mine), other: party(theirs), requestFromOther: requests.contains([other, me]),
            iReported: reports.contains { $0.from == me && $0.to == other },
            otherReported: reports.contains { $0.from == other && $0.to == me })
        switch try rule(pair) {
        case .openRequest:
            requests.insert([me, other])
        case .match:
            precondition(waiting.contains(me) && waiting.contains(other), "the rules only match two waiting users")
            waiting.subtract([me, other])
            requests = requests.filter { !$0.contains(me) && !$0.contains(other) }
            placeMatch(me, other, at: now)
        case .review(let titles, let comment, let endsMyMatch, let resetsMyDodges):
            guard let index = members.indices.filter({ members[$0].user == me }).max(by: { members[$0].matchID < members[$1].matchID }) else {
                throw DomainError.notPartner
            }
            _ = try users.update(uid: other) { partner in
                partner.reputation.add(titles)
                if let comment { partner.comments.append(comment) }
            }
            members[index].reviewedPartner = true
            if endsMyMatch { end(index, .reviewed, at: now) }
            if resetsMyDodges { _ = try users.update(uid: me) { $0.dodgeCount = 0 } }
        case .report(let reason, let comment, let barsFromQueue):
            reports.append(Report(from: me, to: other, reason: reason, comment: comment))
            _ = try users.update(uid: other) { $0.reportedCount += 1 }
            requests.remove([me, other])
            requests.remove([other, me])
            if barsFromQueue { waiting.remove(other) }
        }
        return pair
    }

    func dodge(_ me: UserID, at now: Date, _ rule: (PartySnapshot) throws -> DodgeDecision) throws -> (DodgeDecision, MatchView) {
        calls.append("dodge")
        guard let mine = users.usersByUID[me] else { throw DomainError.notRegistered }
        let snapshot = party(mine)
        let decision = try rule(snapshot)
        guard let match = snapshot.current,
              let index = members.indices.filter({ members[$0].user == me }).max(by: { members[$0].matchID < members[$1].matchID }) else {
            throw DomainError.notPartner
        }
        end(index, .dodged, at: now)
        _ = try users.update(uid: me) { user in
            user.dodgeCount = decision.dodgeCount
            if let until = decision.penaltyUntil { user.dodgePenaltyUntil = until }
        }
        return (decision, match)
    }

    private func end(_ index: Int, _ ending: MatchEnding, at now: Date) {
        members[index].ending = ending
        members[index].isCurrent = false
        if matchEnds[members[index].matchID] == nil { matchEnds[members[index].matchID] = now }
    }
}
