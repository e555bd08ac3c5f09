#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// Writing the queue's rows inside a caller's transaction. A row holds the user's search
/// document (`QueueTraits` and `QueueCard`), made here from the user, and each study row a copy
/// of it: triggers keep the copies in step.
enum QueueRows {
    /// Puts `user` (row `id`) in the queue at `entry`, replacing any earlier place.
    static func enter(_ user: User, id: Int64, _ entry: QueueEntry, in connection: Connection) throws {
        try remove(userID: id, in: connection)
        let cell = SpatialGrid.cell(entry.coordinate)
        try connection.cached("""
            INSERT INTO queue (cell, user_id, lat, long, traits, card, uid, studies, study_keys, entered_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).run([
                .integer(cell), .integer(id), .real(entry.coordinate.latitude), .real(entry.coordinate.longitude),
                .integer(try QueueTraits(of: user).packed()), .text(try QueueCard.card(of: user, studies: entry.studies)),
                .text(user.uid.rawValue), .text(entry.studies.description), .text(StudyKeys.json(entry.studies)),
                .integer(entry.enteredAt.unixMilliseconds),
            ])
        // Each study row carries a copy of the document, for study searches.
        let insertStudy = try connection.cached("""
            INSERT INTO queue_studies (study, cell, user_id, lat, long, traits, card)
            SELECT ?1, cell, user_id, lat, long, traits, card FROM queue WHERE cell = ?2 AND user_id = ?3
            """)
        for study in entry.studies.studies {
            try insertStudy.run([.text(study.key), .integer(cell), .integer(id)])
        }
    }

    /// Takes user `id` out of the queue (their study rows follow by trigger); true if they were in it.
    @discardableResult
    static func remove(userID id: Int64, in connection: Connection) throws -> Bool {
        try connection.cached("DELETE FROM queue WHERE user_id = ?").run([.integer(id)])
        return connection.changes > 0
    }

    /// Writes `user`'s current profile into their queue row (row `id`), if they are waiting.
    static func refreshDocument(of user: User, id: Int64, in connection: Connection) throws {
        guard let entry = try entry(userID: id, in: connection) else { return }
        try connection.cached("UPDATE queue SET traits = ?, card = ? WHERE user_id = ?").run([
            .integer(try QueueTraits(of: user).packed()), .text(try QueueCard.card(of: user, studies: entry.studies)), .integer(id),
        ])
    }

    /// Rewrites every waiting user's document from their profile, as this version lays it out:
    /// run once after migrations that change the layout.
    static func rebuildDocuments(in connection: Connection) throws {
        let ids = try connection.prepare("SELECT user_id FROM queue").map { $0.int64(0) }
        for id in ids {
            guard let record = try UserRows.load(id: id, in: connection) else { continue }
            try refreshDocument(of: try record.toDomain(), id: id, in: connection)
        }
    }

    /// The queue entry of user `id`, if waiting.
    static func entry(userID id: Int64, in connection: Connection) throws -> QueueEntry? {
        try connection.cached("SELECT \(StoredQueueEntry.columns) FROM queue WHERE user_id = ?")
            .first([.integer(id)]) { try StoredQueueEntry.read($0, userID: id) }
    }

    /// The internal id of `uid`, or nil.
    static func userID(of uid: UserID, in connection: Connection) throws -> Int64? {
        try connection.cached("SELECT id FROM users WHERE uid = ?").first([.text(uid.rawValue)]) { $0.int64(0) }
    }
}
