import Foundation
import SLPDomain

/// The tables of one slp database, kept in memory. The in-memory repositories made over the
/// same database read and write these tables, so they agree with each other as the SQLite
/// repositories over one file do. Each repository write is one transaction: if it throws,
/// every table is as it was, and a commit moves `changeToken`. Tests set up and inspect the
/// tables directly; the methods below write as another process would, one commit each.
package final class InMemoryDatabase {
    /// Registered users by uid; no two share a phone number.
    package var users: [UserID: User] = [:]
    /// Waiting places by uid.
    package var queue: [UserID: QueueEntry] = [:]
    /// Open study requests.
    package var requests: Set<RequestRow> = []
    /// Reports, oldest first.
    package var reports: [ReportRow] = []
    /// Matches, oldest first: a match's id is its position plus one.
    package var matches: [MatchRow] = []
    /// Each conversation's messages by match id, oldest first.
    package var messages: [Int64: [ChatMessage]] = [:]
    /// Events by recipient, oldest first; ids count up across everyone, as SQLite's do.
    package var events: [UserID: [UserEvent]] = [:]
    /// The last event id given out.
    package var lastEventID: Int64 = 0
    /// Penalty ends still to be told (`penalty_over`), by user.
    package var penaltyEventDue: [UserID: Date] = [:]
    /// How many synthetic people seeding has drawn.
    package var seeded = 0
    /// What `ChatRepository.changeToken()` answers: it moves on every commit.
    package var changeToken: Int64 = 0

    /// A database holding `users` (distinct uids and phones), nobody waiting and no match.
    package init(users: [User] = []) {
        for user in users {
            precondition(self.users[user.uid] == nil && phoneOwner(user.phone) == nil, "two test users share a uid or phone")
            self.users[user.uid] = user
        }
    }

    // MARK: - Writes of another process

    /// Another process commits something: the change token moves.
    package func commit() {
        changeToken += 1
    }

    /// Puts a registered user's place in the queue.
    package func place(_ entry: QueueEntry) {
        precondition(users[entry.uid] != nil, "placing an unknown user in the queue")
        write { queue[entry.uid] = entry }
    }

    /// Matches `a` and `b` as the rules' match decision does: both leave the queue and any match
    /// already ended, every open request of either is void, and the new match is current for
    /// both. Returns its id, which is also its conversation's.
    @discardableResult
    package func startMatch(_ a: UserID, _ b: UserID, at now: Date) -> Int64 {
        write { insertMatch(a, b, at: now) }
    }

    /// `member` ends their part of match `id` (a dodge or a review).
    package func end(_ id: Int64, by member: UserID, _ ending: MatchEnding, at now: Date) {
        guard let index = matches.firstIndex(where: { $0.id == id }),
              let memberIndex = matches[index].members.firstIndex(where: { $0.user == member }) else {
            preconditionFailure("ending a match that \(member) is not in")
        }
        write { endPart(match: index, member: memberIndex, ending, at: now) }
    }

    // MARK: - For the repositories

    /// Runs `body` as one transaction: if it throws, every table is as it was; otherwise the
    /// commit moves the change token.
    func write<Result>(_ body: () throws -> Result) rethrows -> Result {
        let saved = (users, queue, requests, reports, matches, messages, seeded, events, lastEventID, penaltyEventDue)
        do {
            let result = try body()
            commit()
            return result
        } catch {
            (users, queue, requests, reports, matches, messages, seeded, events, lastEventID, penaltyEventDue) = saved
            throw error
        }
    }

    /// The user registered with `phone`, if any.
    func phoneOwner(_ phone: PhoneNumber) -> User? {
        users.values.first { $0.phone == phone }
    }

    /// Positions of the latest match of `uid` (with `partner`, if given) and of their row in it.
    func latestMembership(of uid: UserID, with partner: UserID? = nil) -> (match: Int, member: Int)? {
        for index in matches.indices.reversed() {
            if let member = matches[index].members.firstIndex(where: { $0.user == uid && (partner == nil || $0.partner == partner) }) {
                return (index, member)
            }
        }
        return nil
    }

    /// The match at `match` as its member at `member` sees it.
    func view(match: Int, member: Int) -> MatchView {
        let row = matches[match], mine = row.members[member]
        let partner = users[mine.partner]
        return MatchView(
            partnerUID: mine.partner, partner: partner.map { .init(uid: $0.uid, nick: $0.nick) }, myEnding: mine.ending,
            partnerEnding: row.members.first { $0.user == mine.partner }?.ending, iReviewed: mine.reviewedPartner,
            isCurrent: mine.isCurrent, startedAt: row.startedAt)
    }

    /// A user's situation as the rules read it: whether they wait, and their latest match.
    func party(_ user: User) -> PartySnapshot {
        let latest = latestMembership(of: user.uid).map { view(match: $0.match, member: $0.member) }
        return PartySnapshot(user: user, position: queue[user.uid]?.coordinate, current: latest?.isCurrent == true ? latest : nil, latest: latest)
    }

    /// Leaves behind a current match that is over (queueing again, or matching anew, moves on from it).
    func leaveEndedMatch(_ uid: UserID) {
        for index in matches.indices {
            for member in matches[index].members.indices where matches[index].members[member].user == uid {
                matches[index].members[member].isCurrent = false
            }
        }
    }

    func insertMatch(_ a: UserID, _ b: UserID, at now: Date) -> Int64 {
        for uid in [a, b] {
            guard let user = users[uid] else { preconditionFailure("matching unknown user \(uid)") }
            // The rules never match someone whose match is still on.
            precondition(!party(user).isMatched, "\(uid) is already in a match")
        }
        precondition(a != b, "matching a user with themselves")
        for uid in [a, b] {
            leaveEndedMatch(uid)
            queue[uid] = nil
        }
        requests = requests.filter { !$0.involves(a) && !$0.involves(b) }
        let id = Int64(matches.count + 1)
        matches.append(MatchRow(id: id, startedAt: now, members: [MatchMemberRow(user: a, partner: b), MatchMemberRow(user: b, partner: a)]))
        return id
    }

    /// Ends one member's part; the match counts as ended from its first ending on.
    func endPart(match: Int, member: Int, _ ending: MatchEnding, at now: Date) {
        matches[match].members[member].ending = ending
        matches[match].members[member].isCurrent = false
        if matches[match].endedAt == nil { matches[match].endedAt = now }
    }

    /// Records events as the rules give them, skipping recipients who are gone, and prunes each
    /// recipient's events past the retention, as SQLite does.
    func record(_ notices: [EventNotice], at now: Date) {
        for notice in notices where users[notice.recipient] != nil {
            append(notice.kind, for: notice.recipient, at: now)
        }
    }

    /// Gives `kind` the next event id in `uid`'s events.
    func append(_ kind: UserEventKind, for uid: UserID, at now: Date) {
        lastEventID += 1
        let cutoff = now.addingTimeInterval(-Double(EventRules.retentionDays) * 86_400)
        events[uid, default: []].removeAll { $0.createdAt < cutoff }
        events[uid, default: []].append(UserEvent(id: lastEventID, createdAt: now, kind: kind))
    }

    /// Removes a user with everything that is theirs: queue place, requests, reports and match
    /// rows. Their partners' rows and the messages stay.
    func removeUser(_ uid: UserID) -> Bool {
        guard users.removeValue(forKey: uid) != nil else { return false }
        queue[uid] = nil
        events[uid] = nil
        penaltyEventDue[uid] = nil
        requests = requests.filter { !$0.involves(uid) }
        reports.removeAll { $0.from == uid || $0.to == uid }
        for index in matches.indices { matches[index].members.removeAll { $0.user == uid } }
        return true
    }
}
