import Foundation
import SLPDomain

/// The storage operations over the tables of an `InMemoryDatabase`, each doing just what it
/// says, as the SQL backends' do.
final class InMemoryTransaction: WriteTransaction {
    private let database: InMemoryDatabase

    init(_ database: InMemoryDatabase) {
        self.database = database
    }

    // MARK: Users

    func user(_ uid: UserID) throws -> User? {
        guard var user = database.users[uid] else { return nil }
        user.reportedCount = database.reports.filter { $0.to == .account(uid) && $0.from.account != nil }.count
        return user
    }

    func situation(of uid: UserID) throws -> PartySnapshot? {
        guard let user = try user(uid) else { return nil }
        return PartySnapshot(user: user, entry: try queueEntry(of: uid), latest: try latestMatch(of: uid, with: nil))
    }

    func user(phone: PhoneNumber) throws -> User? {
        try database.users.values.first { $0.phone == phone }.flatMap { try user($0.uid) }
    }

    func uid(phone: PhoneNumber) throws -> UserID? {
        database.users.values.first { $0.phone == phone }?.uid
    }

    func reviewedUsers(by uid: UserID) throws -> [UserID] {
        var reviewed: [UserID] = []
        for match in database.matches {
            for member in match.members where member.user == uid && member.reviewedPartner
                && database.users[member.partner] != nil && !reviewed.contains(member.partner) {
                reviewed.append(member.partner)
            }
        }
        return reviewed
    }

    func reportedUsers(by uid: UserID) throws -> [UserID] {
        database.reports.filter { $0.from == .account(uid) }.compactMap(\.to.account)
    }

    func reportedUsers(byAccount uid: UserID) throws -> [UserID] {
        database.reports.filter { $0.from == .account(uid) && !$0.carried }.compactMap(\.to.account)
    }

    func reporters(of uid: UserID) throws -> [UserID] {
        database.reports.filter { $0.to == .account(uid) }.compactMap(\.from.account)
    }

    func insert(_ user: User) throws -> Bool {
        guard !database.users.values.contains(where: { $0.phone == user.phone }) else { return false }
        precondition(database.users[user.uid] == nil, "uid collision in a test")
        database.users[user.uid] = user
        return true
    }

    func update(_ user: User) throws {
        guard let stored = database.users[user.uid] else { return }
        // Items and comments are only ever added, as the SQL backends store them.
        var updated = user
        updated.sesacCollection = Array(Set(stored.sesacCollection + user.sesacCollection)).sorted()
        updated.backgroundCollection = Array(Set(stored.backgroundCollection + user.backgroundCollection)).sorted()
        updated.comments = stored.comments + user.comments.dropFirst(stored.comments.count)
        database.users[user.uid] = updated
    }

    func delete(_ uid: UserID) throws -> Bool {
        guard database.users.removeValue(forKey: uid) != nil else { return false }
        database.queue[uid] = nil
        database.events[uid] = nil
        database.pushes = database.pushes.filter { $0.value.recipient != uid }
        database.penaltyNoticeDue[uid] = nil
        database.requests = database.requests.filter { $0.from != uid && $0.to != uid }
        database.reports.removeAll { $0.from == .account(uid) || $0.to == .account(uid) }
        for index in database.matches.indices { database.matches[index].members.removeAll { $0.user == uid } }
        return true
    }

    // MARK: Sanctions

    func sanctions(of phone: PhoneNumber) throws -> Sanctions? { database.sanctions[phone] }

    func keepSanctions(_ sanctions: Sanctions?, of phone: PhoneNumber) throws { database.sanctions[phone] = sanctions }

    func keepReports(of uid: UserID) throws {
        guard let phone = database.users[uid]?.phone else { return }
        replaceReportEnds(.account(uid), with: .number(phone), carrying: true)
    }

    func takeUpReports(of phone: PhoneNumber, for uid: UserID) throws -> Bool {
        guard database.users[uid] != nil else { return false }
        return replaceReportEnds(.number(phone), with: .account(uid), carrying: false)
    }

    /// Every report end `old` becomes `new`; the reports so changed become carried when
    /// `carrying`, and lose their comment. True when there was any.
    @discardableResult
    private func replaceReportEnds(_ old: ReportRow.End, with new: ReportRow.End, carrying: Bool) -> Bool {
        var changed = false
        for index in database.reports.indices where database.reports[index].from == old || database.reports[index].to == old {
            if database.reports[index].from == old { database.reports[index].from = new }
            if database.reports[index].to == old { database.reports[index].to = new }
            if carrying {
                database.reports[index].carried = true
                database.reports[index].comment = nil
            }
            changed = true
        }
        return changed
    }

    // MARK: Queue, requests, reports

    func queueEntry(of uid: UserID) throws -> QueueEntry? { database.queue[uid] }

    func shownPlaceKey() throws -> any KeyedHash { TestKeyedHash() }

    func putInQueue(_ entry: QueueEntry, of user: User) throws {
        guard database.users[user.uid] != nil else { return }
        database.queue[user.uid] = entry
    }

    func removeFromQueue(_ uid: UserID) throws -> Bool {
        database.queue.removeValue(forKey: uid) != nil
    }

    func hasRequest(from: UserID, to: UserID) throws -> Bool {
        database.requests.contains(RequestRow(from: from, to: to))
    }

    func insertRequest(from: UserID, to: UserID, at now: Date) throws {
        guard database.users[from] != nil, database.users[to] != nil else { return }
        database.requests.insert(RequestRow(from: from, to: to))
    }

    func deleteRequests(between a: UserID, and b: UserID) throws {
        database.requests.remove(RequestRow(from: a, to: b))
        database.requests.remove(RequestRow(from: b, to: a))
    }

    func deleteRequests(involving uid: UserID) throws {
        database.requests = database.requests.filter { $0.from != uid && $0.to != uid }
    }

    func insertReport(by reporter: UserID, of reported: UserID, reason: ReportReason, comment: String?, at now: Date) throws {
        guard database.users[reporter] != nil, database.users[reported] != nil else { return }
        database.reports.append(ReportRow(from: reporter, to: reported, reason: reason, comment: comment))
    }

    /// The card of a waiting user, placed as `positions` says, and their distance from a centre.
    private func card(_ uid: UserID, from center: Coordinate, _ positions: SearchPositions) -> NearbyUser? {
        guard let user = database.users[uid], let entry = database.queue[uid] else { return nil }
        let place = positions == .exact ? entry.coordinate : entry.shownCoordinate
        return NearbyUser(
            uid: user.uid, nick: user.nick, coordinate: place, reputation: user.reputation, studies: entry.studies,
            reviews: user.comments, gender: user.gender, sesac: user.sesac, background: user.background,
            distance: center.distance(to: place))
    }

    func nearby(_ query: NearbyQuery) throws -> [NearbyUser] {
        var found: [NearbyUser] = []
        for (uid, entry) in database.queue where !query.excluding.contains(uid) {
            guard let user = database.users[uid], let card = card(uid, from: query.center, query.positions) else { continue }
            // `accepts(.anything)` keeps exactly the lists open to anything.
            guard card.distance <= query.radius, query.study.map(entry.studies.accepts) ?? true, query.criteria.admits(user) else {
                continue
            }
            found.append(card)
        }
        found.sort(by: NearbyUser.isNearer)
        return query.limit.map { Array(found.prefix($0)) } ?? found
    }

    func requesters(of uid: UserID, from center: Coordinate, positions: SearchPositions) throws -> [NearbyUser] {
        database.requests.filter { $0.to == uid }.map(\.from).sorted().compactMap { card($0, from: center, positions) }
    }

    // MARK: Matches and messages

    /// The match at `index` as its member `uid` sees it.
    private func view(_ index: Int, of uid: UserID) -> MatchView? {
        let row = database.matches[index]
        guard let mine = row.members.first(where: { $0.user == uid }) else { return nil }
        let partner = database.users[mine.partner]
        return MatchView(
            id: row.id, partnerUID: mine.partner, partner: partner.map { .init(uid: $0.uid, nick: $0.nick) }, myEnding: mine.ending,
            partnerEnding: row.members.first { $0.user == mine.partner }?.ending, iReviewed: mine.reviewedPartner,
            isCurrent: mine.isCurrent, startedAt: row.startedAt)
    }

    func latestMatch(of uid: UserID, with partner: UserID?) throws -> MatchView? {
        let index = database.matches.indices.last { index in
            database.matches[index].members.contains { $0.user == uid && (partner == nil || $0.partner == partner) }
        }
        return index.flatMap { view($0, of: uid) }
    }

    func match(_ id: Int64, of uid: UserID) throws -> MatchView? {
        database.matches.firstIndex { $0.id == id }.flatMap { view($0, of: uid) }
    }

    func insertMatch(_ a: UserID, _ b: UserID, at now: Date) throws -> Int64 {
        guard database.users[a] != nil, database.users[b] != nil else { throw DomainError.userNotFound }
        let id = Int64(database.matches.count + 1)
        database.matches.append(MatchRow(id: id, startedAt: now, members: [MatchMemberRow(user: a, partner: b), MatchMemberRow(user: b, partner: a)]))
        return id
    }

    /// Changes the row of `uid` in match `id`.
    private func changeMember(of match: Int64, _ uid: UserID, _ change: (inout MatchMemberRow) -> Void) {
        guard let index = database.matches.firstIndex(where: { $0.id == match }),
              let member = database.matches[index].members.firstIndex(where: { $0.user == uid }) else { return }
        change(&database.matches[index].members[member])
    }

    func leaveCurrentMatch(of uid: UserID) throws {
        for index in database.matches.indices {
            for member in database.matches[index].members.indices where database.matches[index].members[member].user == uid {
                database.matches[index].members[member].isCurrent = false
            }
        }
    }

    func end(_ match: Int64, for uid: UserID, _ ending: MatchEnding, at now: Date) throws {
        changeMember(of: match, uid) {
            $0.ending = ending
            $0.isCurrent = false
        }
        if let index = database.matches.firstIndex(where: { $0.id == match }), database.matches[index].endedAt == nil {
            database.matches[index].endedAt = now
        }
    }

    func markReviewed(_ match: Int64, by uid: UserID) throws {
        changeMember(of: match, uid) { $0.reviewedPartner = true }
    }

    func lastMessage(between uid: UserID, and partner: UserID) throws -> ChatMessage? {
        messages(between: uid, and: partner).last
    }

    func messages(between uid: UserID, and partner: UserID, _ page: MessagePage) throws -> [ChatMessage] {
        let all = messages(between: uid, and: partner)
        switch page {
        case .all: return all
        case .newest(let limit): return Array(all.suffix(limit))
        case .after(let date, let limit):
            // Stored times are whole milliseconds; `date` is taken to the millisecond it falls in.
            let after = (date.timeIntervalSince1970 * 1_000 + 1e-4).rounded(.down)
            let later = all.filter { ($0.createdAt.timeIntervalSince1970 * 1_000).rounded() > after }
            return limit.map { Array(later.prefix($0)) } ?? later
        case .before(let date, let limit):
            let before = (date.timeIntervalSince1970 * 1_000 + 1e-4).rounded(.down)
            return Array(all.filter { ($0.createdAt.timeIntervalSince1970 * 1_000).rounded() < before }.suffix(limit))
        }
    }

    func insert(_ message: ChatMessage) throws {
        database.messages[message.id.conversation, default: []].append(message)
    }

    /// Every message of every match `uid` had with `partner`, oldest first.
    private func messages(between uid: UserID, and partner: UserID) -> [ChatMessage] {
        database.matches.filter { $0.members.contains { ($0.user, $0.partner) == (uid, partner) || ($0.user, $0.partner) == (partner, uid) } }
            .flatMap { database.messages[$0.id] ?? [] }
    }

    // MARK: Events

    func events(of uid: UserID, after id: Int64, limit: Int) throws -> [UserEvent] {
        Array((database.events[uid] ?? []).filter { $0.id > id }.prefix(limit))
    }

    func latestEventID(of uid: UserID) throws -> Int64 {
        database.events[uid]?.last?.id ?? 0
    }

    func penaltyNoticeDue(of uid: UserID) throws -> Date? {
        database.penaltyNoticeDue[uid]
    }

    func penaltyNoticesDue(by date: Date, limit: Int) throws -> [UserID] {
        Array(database.penaltyNoticeDue.filter { $0.value <= date }.sorted { ($0.value, $0.key.rawValue) < ($1.value, $1.key.rawValue) }
            .map(\.key).prefix(limit))
    }

    func eventFeedPosition() throws -> Int64 {
        database.lastEventID
    }

    func eventsCommitted(since position: Int64) throws -> EventFeedPage {
        let events = database.events.flatMap { recipient, events in
            events.filter { $0.id > position }.map { AddressedEvent(recipient: recipient, event: $0) }
        }
        return EventFeedPage(events: events.sorted { $0.event.id < $1.event.id }, next: max(position, database.lastEventID))
    }

    func insertEvent(_ kind: UserEventKind, for recipient: UserID, at now: Date, forgettingBefore cutoff: Date) throws -> Int64? {
        guard database.users[recipient] != nil else { return nil }
        database.lastEventID += 1
        database.events[recipient, default: []].append(UserEvent(id: database.lastEventID, createdAt: now, kind: kind))
        // The oldest few at a time, as the SQL backends forget them.
        var forgotten = 0
        while forgotten < 8, let first = database.events[recipient]?.first, first.createdAt < cutoff {
            database.events[recipient]?.removeFirst()
            forgotten += 1
        }
        return database.lastEventID
    }

    func setPenaltyNoticeDue(_ due: Date?, of uid: UserID) throws {
        guard database.users[uid] != nil else { return }
        database.penaltyNoticeDue[uid] = due
    }

    // MARK: Pushes

    func duePushes(by now: Date, limit: Int) throws -> [QueuedPush] {
        let oldest = Dictionary(grouping: database.pushes.values, by: \.recipient).values.compactMap { $0.min { $0.event < $1.event } }
        return oldest.filter { $0.due <= now }.sorted { ($0.due, $0.event) < ($1.due, $1.event) }.prefix(limit).compactMap { row in
            // A row goes with its recipient (`delete`), as the SQL backends' foreign key takes it.
            guard let user = database.users[row.recipient] else { return nil }
            let event = database.events[row.recipient]?.first { $0.id == row.event }
            return QueuedPush(eventID: row.event, recipient: row.recipient, token: user.pushToken, event: event, attempts: row.attempts)
        }
    }

    func pushLeaseOwner(event: Int64) throws -> String? {
        database.pushes[event]?.leaseOwner
    }

    func waitingUserCount() throws -> Int {
        database.queue.count
    }

    func pushCounts() throws -> PushCounts {
        var counts = database.pushCounts
        counts.pending = database.pushes.count
        return counts
    }

    func enqueuePush(event: Int64, for recipient: UserID, at now: Date, forgettingBefore cutoff: Date) throws {
        guard database.users[recipient] != nil else { return }
        database.pushes = database.pushes.filter { $0.value.recipient != recipient || $0.value.enqueuedAt >= cutoff }
        database.pushes[event] = PushRow(event: event, recipient: recipient, enqueuedAt: now, due: now, attempts: 0)
    }

    func leasePush(event: Int64, to owner: String, until: Date) throws {
        database.pushes[event]?.leaseOwner = owner
        database.pushes[event]?.leaseUntil = until
        database.pushes[event]?.due = until
    }

    func deletePush(event: Int64) throws {
        database.pushes[event] = nil
    }

    func reschedulePush(event: Int64, at due: Date, attempts: Int) throws {
        guard var row = database.pushes[event] else { return }
        row.due = due
        row.attempts = attempts
        row.leaseOwner = nil
        row.leaseUntil = nil
        database.pushes[event] = row
    }

    func clearPushToken(of uid: UserID, ifStill token: PushToken) throws -> Bool {
        guard token != .none, database.users[uid]?.pushToken == token else { return false }
        database.users[uid]?.pushToken = .none
        return true
    }

    func clearPushToken(_ token: PushToken, exceptFor uid: UserID) throws -> Int {
        guard token != .none else { return 0 }
        let holders = database.users.values.filter { $0.uid != uid && $0.pushToken == token }.map(\.uid)
        for holder in holders { database.users[holder]?.pushToken = .none }
        return holders.count
    }

    func addToPushCounts(_ counts: PushCounts) throws {
        database.pushCounts.add(counts)
    }

    func pushLeaseHolders(at now: Date) throws -> [String] {
        Array(Set(database.pushes.values.compactMap { row in row.leaseUntil.flatMap { $0 > now ? row.leaseOwner : nil } })).sorted()
    }

    func releasePushLeases(of owner: String, at now: Date) throws -> Int {
        let held = database.pushes.values.filter { $0.leaseOwner == owner }
        for var row in held {
            row.due = now
            row.leaseOwner = nil
            row.leaseUntil = nil
            database.pushes[row.event] = row
        }
        return held.count
    }
}
