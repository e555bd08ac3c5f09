#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// The queue (where each waiting user is, with the search document made from their profile)
/// and requests.
extension SQLTransaction {
    func queueEntry(of uid: UserID) throws -> QueueEntry? {
        guard let id = try rowID(uid) else { return nil }
        return try connection.first("SELECT \(QueueRecord.entryColumns.list) FROM queue WHERE user_id = $1", [.integer(id)], QueueRecord.entry)
    }

    func waitingUserCount() throws -> Int {
        try connection.first("SELECT count(*) AS waiting FROM queue", []) { $0.int("waiting") } ?? 0
    }

    func putInQueue(_ entry: QueueEntry, of user: User) throws {
        guard let id = try rowID(user.uid) else { return }
        try connection.placeInQueue(id: id, try QueueRecord.values(of: entry, user: user, id: id), studies: entry.studies)
    }

    func removeFromQueue(_ uid: UserID) throws -> Bool {
        guard let id = try rowID(uid) else { return false }
        return try connection.run("DELETE FROM queue WHERE user_id = $1", [.integer(id)]) > 0
    }

    /// Writes the search document of `user` (row `id`) into their queue row, if they wait: the
    /// queue keeps a copy of what search shows.
    func refreshQueueDocument(of user: User, id: Int64) throws {
        guard let entry = try connection.first("SELECT \(QueueRecord.entryColumns.list) FROM queue WHERE user_id = $1", [.integer(id)], QueueRecord.entry)
        else { return }
        let document = try QueueRecord.document(of: user, studies: entry.studies)
        try connection.run("UPDATE queue SET traits = $1, card = $2 WHERE user_id = $3", [document.traits, document.card, .integer(id)])
    }

    /// Rewrites every waiting user's row from their profile and place, as this version lays
    /// them out and shows them: run once after migrations that change either.
    func rebuildQueueRows() throws {
        let places = ShownPlaces(key: try shownPlaceKey())
        let entries = try connection.map("SELECT \(QueueRecord.entryColumns.list) FROM queue", []) { try QueueRecord.entry($0, shownBy: places) }
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
}
