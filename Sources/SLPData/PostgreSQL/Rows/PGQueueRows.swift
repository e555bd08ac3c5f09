#if PostgreSQL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// The queue's rows on PostgreSQL, inside a caller's transaction. A row holds the user's search
/// document (`QueueTraits` and `QueueCard`), made here from the user.
enum PGQueueRows {
    /// Puts `user` (row `id`) in the queue at `entry`, replacing any earlier place.
    static func enter(_ user: User, id: Int64, _ entry: QueueEntry, in connection: PGConnection) throws {
        try connection.execute("""
            INSERT INTO slp.queue (user_id, cell, lat, long, traits, card, uid, studies, study_keys, entered_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
            ON CONFLICT (user_id) DO UPDATE SET cell = excluded.cell, lat = excluded.lat, long = excluded.long,
                traits = excluded.traits, card = excluded.card, uid = excluded.uid, studies = excluded.studies,
                study_keys = excluded.study_keys, entered_at = excluded.entered_at
            """, [
                id, SpatialGrid.cell(entry.coordinate), entry.coordinate.latitude, entry.coordinate.longitude,
                try QueueTraits(of: user).packed(), try QueueCard.card(of: user, studies: entry.studies), user.uid.rawValue,
                entry.studies.description, StudyKeys.json(entry.studies), entry.enteredAt.unixMilliseconds,
            ])
    }

    /// Takes user `id` out of the queue; true if they were in it.
    @discardableResult
    static func remove(userID id: Int64, in connection: PGConnection) throws -> Bool {
        try connection.execute("DELETE FROM slp.queue WHERE user_id = $1", [id]).affectedRows > 0
    }

    /// Writes `user`'s current profile into their queue row (row `id`), if they are waiting.
    static func refreshDocument(of user: User, id: Int64, in connection: PGConnection) throws {
        guard let entry = try entry(userID: id, in: connection) else { return }
        try connection.execute("UPDATE slp.queue SET traits = $1, card = $2 WHERE user_id = $3", [
            try QueueTraits(of: user).packed(), try QueueCard.card(of: user, studies: entry.studies), id,
        ])
    }

    /// The queue entry of user `id`, if waiting.
    static func entry(userID id: Int64, in connection: PGConnection) throws -> QueueEntry? {
        try connection.execute("SELECT \(StoredQueueEntry.columns) FROM slp.queue WHERE user_id = $1", [id])
            .first { try StoredQueueEntry.read($0, userID: id) }
    }
}
#endif
