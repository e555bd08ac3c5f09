#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain

/// Bulk loading of synthetic users straight into the tables, bypassing the per-user path
/// (which would copy each profile through the `queue_documents` view).
public final class SQLitePopulationRepository: PopulationRepository {
    private let database: Database
    public init(database: Database) {
        self.database = database
    }

    public func seededCount() throws -> Int {
        try database.read { connection in
            try connection.cached("SELECT drawn FROM seed_state").first { $0.int(0) } ?? 0
        }
    }

    /// Page cache for bulk loads (KiB): the whole working set of a million-user load stays in memory.
    private static let bulkCacheKiB = 524_288

    public func addWaiting(_ users: [WaitingUser]) throws -> Int {
        try database.connection.execute("PRAGMA cache_size = -\(Self.bulkCacheKiB); PRAGMA foreign_keys = OFF")
        defer { try? database.connection.execute("PRAGMA foreign_keys = ON") }
        return try database.write { connection in
            let insertUser = try connection.cached("""
                INSERT OR IGNORE INTO users (uid, phone, email, nick, birth, gender, sesac, background, age_min, age_max, searchable, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            var rows: [(cell: Int64, id: Int64, index: Int)] = []
            rows.reserveCapacity(users.count)
            // In uid order the uid index grows in one sweep instead of at random places.
            // (Positions are sorted, not the large values themselves.)
            // uids are ASCII, where String's < is a byte comparison, as in SQLite.
            let byUID = users.indices.sorted { users[$0].user.uid.rawValue < users[$1].user.uid.rawValue }
            for index in byUID {
                let waiting = users[index]
                let user = waiting.user
                try insertUser.run([
                    .text(user.uid.rawValue), .text(user.phone.e164), .text(user.email.value), .text(user.nick.value),
                    .text(user.birth.description), .int(user.gender.rawValue), .int(user.sesac), .int(user.background),
                    .int(user.ageRange.min), .int(user.ageRange.max), .bool(user.searchable), .integer(user.createdAt.unixMilliseconds),
                ])
                // Ignored: a real user has this phone number (or, astronomically rarely, this uid).
                guard connection.changes > 0 else { continue }
                rows.append((SpatialGrid.cell(waiting.entry.coordinate), connection.lastInsertRowID, index))
            }
            // Inserting in key order keeps the B-tree writes sequential.
            rows.sort { ($0.cell, $0.id) < ($1.cell, $1.id) }
            // Many rows per statement: running a statement per row cost more than storing it.
            let insertQueue = BatchInsert(
                "INSERT INTO queue (cell, user_id, lat, long, traits, card, uid, studies, study_keys, entered_at)",
                columns: 10, connection: connection)
            var studyRows: [(key: Int, cell: Int64, id: Int64, index: Int)] = []
            // Each user's packed traits and card, written again in their study rows.
            var documents = [(traits: Int64, card: String)](repeating: (0, ""), count: users.count)
            var keys: [String] = []
            var keyIndex: [String: Int] = [:]
            for (cell, id, index) in rows {
                let user = users[index].user, entry = users[index].entry
                let traits = QueueDocument.packedTraits(
                    gender: user.gender, searchable: user.searchable, ageRange: user.ageRange, birthDay: user.birth.date.daysSinceEpoch)
                let card = QueueDocument.card(of: user, reviews: [], studies: entry.studies)
                documents[index] = (traits, card)
                try insertQueue.add([
                    .integer(cell), .integer(id), .real(entry.coordinate.latitude), .real(entry.coordinate.longitude),
                    .integer(traits), .text(card),
                    .text(user.uid.rawValue), .text(entry.studies.description), .text(QueueDocument.studyKeys(entry.studies)),
                    .integer(entry.enteredAt.unixMilliseconds),
                ])
                for study in entry.studies.studies {
                    let key = keyIndex[study.key] ?? {
                        keys.append(study.key)
                        keyIndex[study.key] = keys.count - 1
                        return keys.count - 1
                    }()
                    studyRows.append((key, cell, id, index))
                }
            }
            try insertQueue.finish()
            // SQLite orders text by its bytes; sort the few distinct keys that way once, then by number.
            let byteOrder = keys.indices.sorted { keys[$0].utf8.lexicographicallyPrecedes(keys[$1].utf8) }
            var rank = [Int](repeating: 0, count: keys.count)
            for (position, index) in byteOrder.enumerated() { rank[index] = position }
            studyRows.sort { (rank[$0.key], $0.cell, $0.id) < (rank[$1.key], $1.cell, $1.id) }
            let insertStudy = BatchInsert(
                "INSERT INTO queue_studies (study, cell, user_id, lat, long, traits, card)", columns: 7, connection: connection)
            for (key, cell, id, index) in studyRows {
                let coordinate = users[index].entry.coordinate, document = documents[index]
                try insertStudy.add([
                    .text(keys[key]), .integer(cell), .integer(id), .real(coordinate.latitude), .real(coordinate.longitude),
                    .integer(document.traits), .text(document.card),
                ])
            }
            try insertStudy.finish()
            try connection.cached("""
                INSERT INTO seed_state (id, drawn) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET drawn = drawn + excluded.drawn
                """).run([.int(users.count)])
            return rows.count
        }
    }
}
