#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// Users with their items and review comments, whom they reviewed, and reports.
extension SQLTransaction {
    func user(_ uid: UserID) throws -> User? {
        try loadUser(where: "uid", .text(uid.rawValue))
    }

    func user(phone: PhoneNumber) throws -> User? {
        try loadUser(where: "phone", .text(phone.e164))
    }

    func uid(phone: PhoneNumber) throws -> UserID? {
        try connection.first("SELECT uid FROM users WHERE phone = $1", [.text(phone.e164)]) { UserID(stored: $0.text("uid")) }
    }

    /// One statement: the user, their place in the queue (`q_`) and their latest match (`m_`).
    /// `PGStorage` asks it with no transaction around it, so it must stay one statement.
    func situation(of uid: UserID) throws -> PartySnapshot? {
        try connection.first("""
            SELECT \(UserRecord.columns(for: Executor.self)),
                \(QueueRecord.entryColumns.selected(from: "q", as: "q_")), \(MatchRecord.columns(prefix: "m_"))
            FROM users
            LEFT JOIN queue q ON q.user_id = users.id
            LEFT JOIN match_members m ON m.user_id = users.id AND m.match_id = (SELECT max(match_id) FROM match_members WHERE user_id = users.id)
            \(MatchRecord.joins("LEFT JOIN"))
            WHERE users.uid = $1
            """, [.text(uid.rawValue)]) { row in
            let user = try UserRecord.user(row)
            remember(row.int64("id"), of: user.uid)
            let entry = PrefixedRow(row: row, prefix: "q_"), match = PrefixedRow(row: row, prefix: "m_")
            return PartySnapshot(
                user: user, entry: entry.optionalInt64("user_id") == nil ? nil : try QueueRecord.entry(entry),
                latest: match.optionalInt64("match_id") == nil ? nil : try MatchRecord.match(match))
        }
    }

    /// The user whose unique `column` holds `value`, with their items and comments.
    private func loadUser(where column: String, _ value: SQLValue) throws -> User? {
        try connection.first("SELECT \(UserRecord.columns(for: Executor.self)) FROM users WHERE \(column) = $1", [value]) { row in
            let user = try UserRecord.user(row)
            remember(row.int64("id"), of: user.uid)
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
        try reportedUsers(by: uid, where: "true")
    }

    func reportedUsers(byAccount uid: UserID) throws -> [UserID] {
        try reportedUsers(by: uid, where: "NOT r.carried")
    }

    /// The accounts `uid` has reported (both sides of a report are accounts while they have one),
    /// among the reports `condition` admits.
    private func reportedUsers(by uid: UserID, where condition: String) throws -> [UserID] {
        guard let id = try rowID(uid) else { return [] }
        return try connection.map("""
            SELECT u.uid FROM reports r JOIN users u ON u.id = r.reported_id WHERE r.reporter_id = $1 AND \(condition)
            ORDER BY r.created_at, u.id
            """, [.integer(id)]) { UserID(stored: $0.text("uid")) }
    }

    func reporters(of uid: UserID) throws -> [UserID] {
        guard let id = try rowID(uid) else { return [] }
        return try connection.map("""
            SELECT u.uid FROM reports r JOIN users u ON u.id = r.reporter_id WHERE r.reported_id = $1 ORDER BY r.created_at, u.id
            """, [.integer(id)]) { UserID(stored: $0.text("uid")) }
    }

    func insert(_ user: User) throws -> Bool {
        guard let id = try connection.first(
            "\(UserRecord.columns.insert(into: "users")) ON CONFLICT (phone) DO NOTHING RETURNING id", UserRecord.values(of: user),
            { $0.int64("id") }) else { return false }
        remember(id, of: user.uid)
        try addOwned(of: user, id: id)
        return true
    }

    func update(_ user: User) throws {
        guard let id = try rowID(user.uid) else { return }
        let columns = UserRecord.changeable
        try connection.run(
            "UPDATE users SET \(columns.assignments()) WHERE id = $\(columns.count + 1)", UserRecord.changeableValues(of: user) + [.integer(id)])
        try addOwned(of: user, id: id)
        try refreshQueueDocument(of: user, id: id)
    }

    func delete(_ uid: UserID) throws -> Bool {
        guard let id = try rowID(uid) else { return false }
        remember(nil, of: uid)
        // Items, comments, the queue place, requests, reports not kept and events go with the row.
        return try connection.run("DELETE FROM users WHERE id = $1", [.integer(id)]) > 0
    }

    func insertReport(by reporter: UserID, of reported: UserID, reason: ReportReason, comment: String?, at now: Date) throws {
        guard let reporter = try rowID(reporter), let reported = try rowID(reported) else { return }
        try connection.run("""
            INSERT INTO reports (reporter_id, reported_id, reason, comment, created_at) VALUES ($1, $2, $3, $4, $5)
            """, [.integer(reporter), .integer(reported), .text(reason.rawValue), .text(comment ?? ""), .integer(now.unixMilliseconds)])
    }

    /// Stores the items and comments of `user` that row `id` does not have yet. Comments are
    /// only ever added, so the new ones are those past the stored count.
    private func addOwned(of user: User, id: Int64) throws {
        guard let stored = try loadUser(where: "id", .integer(id)) else { return }
        let storedItems = UserRecord.items(of: stored)
        for (kind, item) in UserRecord.items(of: user) where !storedItems.contains(where: { $0 == (kind, item) }) {
            try connection.run(
                "INSERT INTO user_items (user_id, kind, item) VALUES ($1, $2, $3)", [.integer(id), .text(kind), .int(item)])
        }
        for comment in user.comments.dropFirst(stored.comments.count) {
            try connection.run("INSERT INTO review_comments (user_id, comment) VALUES ($1, $2)", [.integer(id), .text(comment)])
        }
    }
}
