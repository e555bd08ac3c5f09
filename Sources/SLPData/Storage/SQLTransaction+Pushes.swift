#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// The push outbox (`push_outbox`, a row per queued push, keyed by its event) and the push
/// senders' counters (`push_counts`, a row per counter). A row goes with its recipient's account.
extension SQLTransaction {
    func duePushes(by now: Date, limit: Int) throws -> [QueuedPush] {
        // Due rows in due order, each kept only if no older row of its user is queued: a user's
        // pushes go one at a time, in commit order. The event may be forgotten (LEFT JOIN).
        let event = (TableColumns(["id"]) + EventRecord.columns).selected(from: "e", as: "e_")
        let taking = claiming ? Executor.claimingRows(of: "o") : ""
        return try connection.map("""
            SELECT o.event_id, o.attempts, u.uid, u.fcm_token, \(event)
            FROM push_outbox o JOIN users u ON u.id = o.user_id LEFT JOIN events e ON e.id = o.event_id
            WHERE o.due_at <= $1 AND NOT EXISTS (SELECT 1 FROM push_outbox p WHERE p.user_id = o.user_id AND p.event_id < o.event_id)
            ORDER BY o.due_at, o.event_id LIMIT $2 \(taking)
            """, [.integer(now.unixMilliseconds), .int(limit)]) { row in
            let recipient = try UserID(row.text("uid"))
            let stored = PrefixedRow(row: row, prefix: "e_")
            let event = try stored.optionalInt64("id").map { _ in try EventRecord.event(stored, me: recipient) }
            return QueuedPush(
                eventID: row.int64("event_id"), recipient: recipient, token: PushToken(stored: row.text("fcm_token")), event: event,
                attempts: row.int("attempts"))
        }
    }

    func pushLeaseOwner(event: Int64) throws -> String? {
        try connection.first("SELECT lease_owner FROM push_outbox WHERE event_id = $1", [.integer(event)]) {
            $0.optionalText("lease_owner")
        }.flatMap { $0 }
    }

    func pushCounts() throws -> PushCounts {
        let pending = try connection.first("SELECT count(*) AS pending FROM push_outbox", []) { $0.int("pending") } ?? 0
        let counters = try connection.map("SELECT name, count FROM push_counts", []) { (name: $0.text("name"), count: $0.int("count")) }
        return PushCounts(pending: pending, counters: counters)
    }

    func enqueuePush(event: Int64, for recipient: UserID, at now: Date, forgettingBefore cutoff: Date) throws {
        guard let id = try rowID(recipient) else { return }
        try connection.run(
            "DELETE FROM push_outbox WHERE user_id = $1 AND enqueued_at < $2", [.integer(id), .integer(cutoff.unixMilliseconds)])
        try connection.run(
            "INSERT INTO push_outbox (event_id, user_id, enqueued_at, due_at, attempts) VALUES ($1, $2, $3, $3, 0)",
            [.integer(event), .integer(id), .integer(now.unixMilliseconds)])
    }

    func leasePush(event: Int64, to owner: String, until: Date) throws {
        // Not due again before the lease runs out: then another sender may take it over.
        try connection.run(
            "UPDATE push_outbox SET lease_owner = $1, lease_until = $2, due_at = $2 WHERE event_id = $3",
            [.text(owner), .integer(until.unixMilliseconds), .integer(event)])
    }

    func deletePush(event: Int64) throws {
        try connection.run("DELETE FROM push_outbox WHERE event_id = $1", [.integer(event)])
    }

    func reschedulePush(event: Int64, at due: Date, attempts: Int) throws {
        try connection.run(
            "UPDATE push_outbox SET due_at = $1, attempts = $2, lease_owner = NULL, lease_until = NULL WHERE event_id = $3",
            [.integer(due.unixMilliseconds), .int(attempts), .integer(event)])
    }

    func clearPushToken(of uid: UserID, ifStill token: PushToken) throws -> Bool {
        guard token != .none, let id = try rowID(uid) else { return false }
        return try connection.run("UPDATE users SET fcm_token = '' WHERE id = $1 AND fcm_token = $2", [.integer(id), .text(token.value)]) > 0
    }

    func clearPushToken(_ token: PushToken, exceptFor uid: UserID) throws -> Int {
        guard token != .none else { return 0 }
        // `fcm_token <> ''` lets the planner use the partial index of tokens (`users_by_fcm_token`).
        return try connection.run(
            "UPDATE users SET fcm_token = '' WHERE fcm_token = $1 AND fcm_token <> '' AND uid <> $2", [.text(token.value), .text(uid.rawValue)])
    }

    func addToPushCounts(_ counts: PushCounts) throws {
        for (name, count) in counts.counters where count != 0 {
            try connection.run(
                "INSERT INTO push_counts (name, count) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET count = push_counts.count + excluded.count",
                [.text(name), .int(count)])
        }
    }
}
