import Foundation
import SLPDomain

/// Matches kept in memory over the in-memory queue, with the repository's contract:
/// read, let the rule decide, apply, and a refusal changes nothing.
final class InMemoryMatchRepository: MatchRepository {
    private let queue: InMemoryQueueRepository
    private var requests: Set<[UserID]> = []
    private var reports: Set<[UserID]> = []
    /// Each user's matches, newest last.
    private var matches: [UserID: [MatchView]] = [:]

    init(queue: InMemoryQueueRepository) {
        self.queue = queue
    }

    private func party(_ uid: UserID) throws -> PartySnapshot {
        guard let user = try queue.users.user(uid: uid) else { throw DomainError.notRegistered }
        let latest = matches[uid]?.last
        return PartySnapshot(
            user: user, isWaiting: try queue.entry(for: uid) != nil, current: latest?.isCurrent == true ? latest : nil, latest: latest)
    }

    func snapshot(of uid: UserID) throws -> PartySnapshot { try party(uid) }

    func decide(_ me: UserID, _ other: UserID, at now: Date, _ rule: (PairSnapshot) throws -> PairDecision) throws -> PairSnapshot {
        let mine = try party(me)
        guard try queue.users.user(uid: other) != nil else { throw DomainError.userNotFound }
        let pair = PairSnapshot(
            me: mine, other: try party(other), requestFromOther: requests.contains([other, me]),
            iReported: reports.contains([me, other]), otherReported: reports.contains([other, me]))
        switch try rule(pair) {
        case .openRequest:
            requests.insert([me, other])
        case .match:
            for uid in [me, other] { _ = try queue.leave(uid) { _ in } }
            requests = requests.filter { !$0.contains(me) && !$0.contains(other) }
            matches[me, default: []].append(view(partner: pair.other.user, now: now))
            matches[other, default: []].append(view(partner: pair.me.user, now: now))
        case .review, .report:
            break  // not needed by the presentation tests
        }
        return pair
    }

    func dodge(_ me: UserID, at now: Date, _ rule: (PartySnapshot) throws -> DodgeDecision) throws -> (DodgeDecision, MatchView) {
        let mine = try party(me)
        let decision = try rule(mine)
        guard let match = mine.current else { throw DomainError.notPartner }
        matches[me]?.removeLast()
        matches[me, default: []].append(MatchView(
            partner: match.partner, myEnding: .dodged, partnerEnding: match.partnerEnding, iReviewed: false, isCurrent: false,
            startedAt: match.startedAt))
        return (decision, match)
    }

    private func view(partner: User, now: Date) -> MatchView {
        MatchView(partner: .init(uid: partner.uid, nick: partner.nick), myEnding: nil, partnerEnding: nil, iReviewed: false, isCurrent: true, startedAt: now)
    }
}
