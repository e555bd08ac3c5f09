#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// The storage operations of one transaction, in SQL written once for both backends (a
/// statement that must differ says so by `Executor.dialect`); search is the backend's own.
/// Made for one transaction of `SQLiteStorage` or `PGStorage`, and used only inside it.
final class SQLTransaction<Search: QueueSearch>: WriteTransaction {
    typealias Executor = Search.Executor

    let connection: Executor
    private let search: Search
    /// Users' row ids by uid, as looked up in this transaction.
    private var rowIDs: [UserID: Int64] = [:]

    init(_ connection: Executor, search: Search) {
        self.connection = connection
        self.search = search
    }

    /// The row id of the user `uid`, or nil when there is no such user.
    func rowID(_ uid: UserID) throws -> Int64? {
        if let id = rowIDs[uid] { return id }
        let id = try connection.first("SELECT id FROM users WHERE uid = $1", [.text(uid.rawValue)]) { $0.int64("id") }
        rowIDs[uid] = id
        return id
    }

    // MARK: - Users

    func user(_ uid: UserID) throws -> User? {
        try loadUser(where: "uid", .text(uid.rawValue))
    }

    func user(phone: PhoneNumber) throws -> User? {
        try loadUser(where: "phone", .text(phone.e164))
    }

    /// The user whose unique `column` holds `value`, read with their items and comments (a
    /// second statement, run while the first one's row is at hand).
    private func loadUser(where column: String, _ value: SQLValue) throws -> User? {
        try connection.first("\(UserRecord.selection) WHERE \(column) = $1", [value]) { row in
            let id = row.int64("id")
            let owned = try owned(id: id)
            let user = try UserRecord.user(row, items: owned.items, comments: owned.comments)
            rowIDs[user.uid] = id
            return user
        }
    }

    func reviewedUsers(by uid: UserID) throws -> [UserID] {
        guard let id = try rowID(uid) else { return [] }
        // A withdrawn user's row is gone, and with it the partner's link to them.
        return try connection.map("""
            SELECT p.uid FROM match_members m JOIN users p ON p.id = m.partner_id
            WHERE m.user_id = $1 AND m.reviewed_partner GROUP BY p.uid ORDER BY min(m.match_id)
            """, [.integer(id)]) { UserID(stored: $0.text("uid")) }
    }

    func reportedUsers(by uid: UserID) throws -> [UserID] {
        guard let id = try rowID(uid) else { return [] }
        return try connection.map("""
            SELECT u.uid FROM reports r JOIN users u ON u.id = r.reported_id WHERE r.reporter_id = $1 ORDER BY r.created_at, u.id
            """, [.integer(id)]) { UserID(stored: $0.text("uid")) }
    }

    func reporters(of uid: UserID) throws -> [UserID] {
        guard let id = try rowID(uid) else { return [] }
        return try connection.map("""
            SELECT u.uid FROM reports r JOIN users u ON u.id = r.reporter_id WHERE r.reported_id = $1 ORDER BY r.created_at, u.id
            """, [.integer(id)]) { UserID(stored: $0.text("uid")) }
    }

    func insert(_ user: User) throws -> Bool {
        let columns = UserRecord.columns(of: user)
        let placeholders = columns.indices.map { "$\($0 + 1)" }.joined(separator: ", ")
        guard let id = try connection.first("""
            INSERT INTO users (\(columns.map(\.name).joined(separator: ", "))) VALUES (\(placeholders))
            ON CONFLICT (phone) DO NOTHING RETURNING id
            """, columns.map(\.value), { $0.int64("id") }) else { return false }
        rowIDs[user.uid] = id
        try addOwned(of: user, id: id)
        return true
    }

    func update(_ user: User) throws {
        guard let id = try rowID(user.uid) else { return }
        let columns = UserRecord.columns(of: user).filter { !UserRecord.fixed.contains($0.name) }
        let assignments = columns.indices.map { "\(columns[$0].name) = $\($0 + 1)" }.joined(separator: ", ")
        try connection.run(
            "UPDATE users SET \(assignments) WHERE id = $\(columns.count + 1)", columns.map(\.value) + [.integer(id)])
        try addOwned(of: user, id: id)
        try refreshQueueDocument(of: user, id: id)
    }

    func delete(_ uid: UserID) throws -> Bool {
        guard let id = try rowID(uid) else { return false }
        rowIDs[uid] = nil
        // Items, comments, the queue place, requests, reports and events go with the row.
        return try connection.run("DELETE FROM users WHERE id = $1", [.integer(id)]) > 0
    }

    /// The items and review comments of the user of row `id`: (kind, item) rows, and the comments oldest first.
    private func owned(id: Int64) throws -> (items: [(kind: String, item: Int)], comments: [String]) {
        var items: [(kind: String, item: Int)] = [], comments: [String] = []
        // One statement for both: 'comment' rows carry the text.
        try connection.forEach("""
            SELECT kind, item, '' AS comment FROM user_items WHERE user_id = $1
            UNION ALL
            SELECT 'comment', id, comment FROM review_comments WHERE user_id = $1
            ORDER BY 1, 2
            """, [.integer(id)]) { row in
                let kind = row.text("kind")
                if kind == "comment" { comments.append(row.text("comment")) } else { items.append((kind, row.int("item"))) }
            }
        return (items, comments)
    }

    /// Stores the items and comments of `user` that row `id` does not have yet. Comments are
    /// only ever added, so the new ones are those past the stored count.
    private func addOwned(of user: User, id: Int64) throws {
        let stored = try owned(id: id)
        for (kind, item) in UserRecord.items(of: user) where !stored.items.contains(where: { $0 == (kind, item) }) {
            try connection.run(
                "INSERT INTO user_items (user_id, kind, item) VALUES ($1, $2, $3)", [.integer(id), .text(kind), .int(item)])
        }
        for comment in user.comments.dropFirst(stored.comments.count) {
            try connection.run("INSERT INTO review_comments (user_id, comment) VALUES ($1, $2)", [.integer(id), .text(comment)])
        }
    }
}

// MARK: - Queue and requests

extension SQLTransaction {
    func queueEntry(of uid: UserID) throws -> QueueEntry? {
        guard let id = try rowID(uid) else { return nil }
        return try connection.first("SELECT \(QueueRecord.selection) FROM queue WHERE user_id = $1", [.integer(id)], QueueRecord.entry)
    }

    func putInQueue(_ entry: QueueEntry, of user: User) throws {
        guard let id = try rowID(user.uid) else { return }
        let columns = [("user_id", SQLValue.integer(id))] + (try QueueRecord.columns(of: entry, user: user))
        let names = columns.map(\.0)
        let insert = "INSERT INTO queue (\(names.joined(separator: ", "))) VALUES (\(columns.indices.map { "$\($0 + 1)" }.joined(separator: ", ")))"
        switch Executor.dialect {
        case .sqlite:
            // The row is the table's key (cell, user), so a move is a delete and an insert; the
            // study rows carry a copy of the document, for study searches (a trigger removes them
            // with the row).
            try connection.run("DELETE FROM queue WHERE user_id = $1", [.integer(id)])
            try connection.run(insert, columns.map(\.1))
            for study in entry.studies.studies {
                try connection.run("""
                    INSERT INTO queue_studies (study, cell, user_id, lat, long, shift, traits, card)
                    SELECT $1, cell, user_id, lat, long, shift, traits, card FROM queue WHERE user_id = $2
                    """, [.text(study.key), .integer(id)])
            }
        case .postgreSQL:
            let updates = names.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
            try connection.run("\(insert) ON CONFLICT (user_id) DO UPDATE SET \(updates)", columns.map(\.1))
        }
    }

    func removeFromQueue(_ uid: UserID) throws -> Bool {
        guard let id = try rowID(uid) else { return false }
        return try connection.run("DELETE FROM queue WHERE user_id = $1", [.integer(id)]) > 0
    }

    /// Writes the search document of `user` (row `id`) into their queue row, if they wait: the
    /// queue keeps a copy of what search shows.
    func refreshQueueDocument(of user: User, id: Int64) throws {
        guard let entry = try connection.first("SELECT \(QueueRecord.selection) FROM queue WHERE user_id = $1", [.integer(id)], QueueRecord.entry)
        else { return }
        let document = try QueueRecord.columns(of: entry, user: user).filter { $0.name == "traits" || $0.name == "card" }
        try connection.run(
            "UPDATE queue SET \(document[0].name) = $1, \(document[1].name) = $2 WHERE user_id = $3",
            [document[0].value, document[1].value, .integer(id)])
    }

    /// Rewrites every waiting user's row from their profile and place, as this version lays
    /// them out (a row from before displacements were kept gets one): run once after migrations
    /// that change the layout.
    func rebuildQueueRows() throws {
        let entries = try connection.map("SELECT \(QueueRecord.selection) FROM queue", [], QueueRecord.entryGivenItsDisplacement)
        for entry in entries {
            guard let user = try user(entry.uid) else { continue }
            try putInQueue(entry, of: user)
        }
    }

    func hasRequest(from: UserID, to: UserID) throws -> Bool {
        guard let from = try rowID(from), let to = try rowID(to) else { return false }
        return try connection.first("SELECT 1 AS found FROM requests WHERE from_id = $1 AND to_id = $2", [.integer(from), .integer(to)]) { _ in true } ?? false
    }

    func insertRequest(from: UserID, to: UserID, at now: Date) throws {
        guard let from = try rowID(from), let to = try rowID(to) else { return }
        try connection.run("""
            INSERT INTO requests (from_id, to_id, created_at) VALUES ($1, $2, $3) ON CONFLICT (from_id, to_id) DO NOTHING
            """, [.integer(from), .integer(to), .integer(now.unixMilliseconds)])
    }

    func deleteRequests(between a: UserID, and b: UserID) throws {
        guard let a = try rowID(a), let b = try rowID(b) else { return }
        try connection.run(
            "DELETE FROM requests WHERE (from_id = $1 AND to_id = $2) OR (from_id = $2 AND to_id = $1)", [.integer(a), .integer(b)])
    }

    func deleteRequests(involving uid: UserID) throws {
        guard let id = try rowID(uid) else { return }
        try connection.run("DELETE FROM requests WHERE from_id = $1 OR to_id = $1", [.integer(id)])
    }

    func insertReport(by reporter: UserID, of reported: UserID, reason: ReportReason, comment: String?, at now: Date) throws {
        guard let reporter = try rowID(reporter), let reported = try rowID(reported) else { return }
        try connection.run("""
            INSERT INTO reports (reporter_id, reported_id, reason, comment, created_at) VALUES ($1, $2, $3, $4, $5)
            """, [.integer(reporter), .integer(reported), .text(reason.rawValue), .text(comment ?? ""), .integer(now.unixMilliseconds)])
    }

    func nearby(_ query: NearbyQuery) throws -> [NearbyUser] {
        let excluded = ExcludedUsers(try query.excluding.compactMap { try rowID($0) })
        return try search.nearby(query, excluded: excluded, in: connection)
    }

    func requesters(of uid: UserID, from center: Coordinate, positions: SearchPositions) throws -> [NearbyUser] {
        guard let id = try rowID(uid) else { return [] }
        return try search.requesters(of: id, from: center, positions: positions, in: connection)
    }
}

// MARK: - Matches and messages

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

    func lastMessage(in match: Int64) throws -> ChatMessage? {
        try connection.first(
            "SELECT \(MessageRecord.selection) FROM messages WHERE match_id = $1 ORDER BY seq DESC LIMIT 1", [.integer(match)],
            MessageRecord.message)
    }

    func messages(in match: Int64, _ page: MessagePage) throws -> [ChatMessage] {
        let selection = MessageRecord.selection
        switch page {
        case .all:
            return try connection.map(
                "SELECT \(selection) FROM messages WHERE match_id = $1 ORDER BY seq", [.integer(match)], MessageRecord.message)
        case .newest(let limit):
            return try connection.map("""
                SELECT \(selection) FROM (SELECT \(selection) FROM messages WHERE match_id = $1 ORDER BY seq DESC LIMIT $2) newest ORDER BY seq
                """, [.integer(match), .int(limit)], MessageRecord.message)
        case .after(let date, let limit):
            let later = "SELECT \(selection) FROM messages WHERE match_id = $1 AND created_at > $2 ORDER BY created_at"
            let values: [SQLValue] = [.integer(match), .integer(date.unixMillisecondsDown)]
            guard let limit else { return try connection.map(later, values, MessageRecord.message) }
            return try connection.map("\(later) LIMIT $3", values + [.int(limit)], MessageRecord.message)
        case .before(let date, let limit):
            return try connection.map("""
                SELECT \(selection) FROM (SELECT \(selection) FROM messages WHERE match_id = $1 AND created_at < $2 \
                ORDER BY created_at DESC LIMIT $3) earlier ORDER BY created_at
                """, [.integer(match), .integer(date.unixMillisecondsDown), .int(limit)], MessageRecord.message)
        }
    }

    func insert(_ message: ChatMessage) throws {
        let columns = MessageRecord.columns(of: message)
        try connection.run("""
            INSERT INTO messages (\(columns.map(\.name).joined(separator: ", "))) \
            VALUES (\(columns.indices.map { "$\($0 + 1)" }.joined(separator: ", ")))
            """, columns.map(\.value))
    }
}

// MARK: - Events

extension SQLTransaction {
    func events(of uid: UserID, after id: Int64) throws -> [UserEvent] {
        guard let row = try rowID(uid) else { return [] }
        return try connection.map(
            "SELECT \(EventRecord.selection) FROM events WHERE user_id = $1 AND id > $2 ORDER BY id", [.integer(row), .integer(id)]
        ) { try EventRecord.event($0, me: uid) }
    }

    func latestEventID(of uid: UserID) throws -> Int64 {
        guard let id = try rowID(uid) else { return 0 }
        return try connection.first("SELECT max(id) AS latest FROM events WHERE user_id = $1", [.integer(id)]) {
            $0.optionalInt64("latest")
        }.flatMap { $0 } ?? 0
    }

    func penaltyNoticeDue(of uid: UserID) throws -> Date? {
        guard let id = try rowID(uid) else { return nil }
        return try connection.first("SELECT penalty_event_due FROM users WHERE id = $1", [.integer(id)]) {
            $0.optionalInt64("penalty_event_due")
        }.flatMap { $0 }.map(Date.init(unixMilliseconds:))
    }

    func penaltyNoticesDue(by date: Date, limit: Int) throws -> [UserID] {
        try connection.map("""
            SELECT uid FROM users WHERE penalty_event_due IS NOT NULL AND penalty_event_due <= $1 ORDER BY penalty_event_due, uid LIMIT $2
            """, [.integer(date.unixMilliseconds), .int(limit)]) { try UserID($0.text("uid")) }
    }

    func eventFeedPosition() throws -> Int64 {
        switch Executor.dialect {
        case .sqlite:
            // Writers take turns on the file: ids follow commit order.
            return try connection.first("SELECT coalesce(max(id), 0) AS position FROM events", []) { $0.int64("position") } ?? 0
        case .postgreSQL:
            // The oldest transaction still running when this read's snapshot was taken: an
            // event this read cannot see was written by it or by a later one (`events.xid`).
            return try connection.first("SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS position", []) {
                $0.int64("position")
            } ?? 0
        }
    }

    func eventsCommitted(since position: Int64) throws -> EventFeedPage {
        let next = try eventFeedPosition()
        let newer = switch Executor.dialect {
        case .sqlite: "id > $1"
        case .postgreSQL: "xid >= $1::bigint::text::xid8"
        }
        let events = try connection.map("""
            SELECT later.*, users.uid AS recipient FROM (SELECT \(EventRecord.selection), user_id FROM events WHERE \(newer)) AS later
            JOIN users ON users.id = later.user_id ORDER BY later.id
            """, [.integer(position)]) { row in
            let recipient = try UserID(row.text("recipient"))
            return AddressedEvent(recipient: recipient, event: try EventRecord.event(row, me: recipient))
        }
        switch Executor.dialect {
        case .sqlite: return EventFeedPage(events: events, next: max(position, events.last?.event.id ?? 0))
        case .postgreSQL: return EventFeedPage(events: events, next: max(position, next))
        }
    }

    func setPenaltyNoticeDue(_ due: Date?, of uid: UserID) throws {
        guard let id = try rowID(uid) else { return }
        try connection.run(
            "UPDATE users SET penalty_event_due = $1 WHERE id = $2", [.optional(due) { .integer($0.unixMilliseconds) }, .integer(id)])
    }

    func insertEvent(_ kind: UserEventKind, for recipient: UserID, at now: Date, forgettingBefore cutoff: Date) throws {
        guard let id = try rowID(recipient) else { return }
        let columns = EventRecord.columns(of: kind, at: now)
        let names = columns.map(\.name).joined(separator: ", ")
        let placeholders = columns.indices.map { "$\($0 + 2)" }.joined(separator: ", ")
        let values = [SQLValue.integer(id)] + columns.map(\.value)
        let forget = """
            DELETE FROM events WHERE id IN (SELECT id FROM events WHERE user_id = $1 ORDER BY id LIMIT 8) AND created_at < $\(values.count + 1)
            """
        switch Executor.dialect {
        case .sqlite:
            // Writers take turns on the file, so AUTOINCREMENT ids follow commit order.
            try connection.run("INSERT INTO events (user_id, \(names)) VALUES ($1, \(placeholders))", values)
            try connection.run(forget, values + [.integer(cutoff.unixMilliseconds)])
        case .postgreSQL:
            // A sequence alone does not follow commit order: two transactions may commit in the
            // opposite order of their ids. Telling a user something also updates their row, so two
            // serializable transactions telling the same user conflict and the later one runs
            // again with a newer id: a user's events commit in id order.
            try connection.run("""
                WITH recipient AS (
                    UPDATE users SET last_event_id = nextval('slp.event_ids') WHERE id = $1 RETURNING last_event_id
                ), added AS (
                    INSERT INTO events (id, user_id, \(names)) SELECT last_event_id, $1, \(placeholders) FROM recipient
                )
                \(forget)
                """, values + [.integer(cutoff.unixMilliseconds)])
        }
    }
}
