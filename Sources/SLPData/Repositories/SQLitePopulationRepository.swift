import Foundation
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

    /// Rows per multi-row INSERT.
    private static let rowsPerStatement = 64

    public func addWaiting(_ users: [WaitingUser]) throws -> Int {
        try database.connection.execute("PRAGMA cache_size = -\(Self.bulkCacheKiB); PRAGMA foreign_keys = OFF")
        defer { try? database.connection.execute("PRAGMA foreign_keys = ON") }
        return try database.write { connection in
            // In uid order the uid index grows in one sweep instead of at random places. Sorted
            // as compact keys (the first 8 bytes, then the whole uid on a tie, then the position,
            // as a stable sort would): uids are ASCII, where String's < is a byte comparison, as in SQLite.
            var byUID = users.indices.map { UIDOrder(prefix: Self.prefix(users[$0].user.uid.rawValue), index: Int32($0)) }
            byUID.sort { left, right in
                if left.prefix != right.prefix { return left.prefix < right.prefix }
                let leftUID = users[Int(left.index)].user.uid.rawValue, rightUID = users[Int(right.index)].user.uid.rawValue
                if leftUID != rightUID { return leftUID.utf8.lexicographicallyPrecedes(rightUID.utf8) }
                return left.index < right.index
            }
            let ids = try insertUsers(users, in: byUID, connection: connection)
            // Inserting in key order keeps the B-tree writes sequential. Users come in id order.
            var rows: [QueueOrder] = []
            rows.reserveCapacity(users.count)
            for entry in byUID where ids[Int(entry.index)] != 0 {
                let index = Int(entry.index)
                rows.append(QueueOrder(cell: SpatialGrid.cell(users[index].entry.coordinate), id: ids[index], index: entry.index))
            }
            rows.sort { ($0.cell, $0.id) < ($1.cell, $1.id) }
            // Every document's bytes in one buffer, bound in place: card, studies, study keys.
            var text: [UInt8] = []
            text.reserveCapacity(rows.count * 160)
            var documents: [Document] = []
            documents.reserveCapacity(rows.count)
            // The distinct study keys (each with its bytes) and each row's study rows, by key.
            var keys: [String] = []
            var keyIndex: [String: Int] = [:]
            var studyRows: [(key: Int32, row: Int32)] = []
            studyRows.reserveCapacity(rows.count * 3)
            for (position, row) in rows.enumerated() {
                let user = users[Int(row.index)].user, entry = users[Int(row.index)].entry
                // The card ends with the studies' description, the `studies` column.
                let cardStart = text.count
                QueueDocument.appendCard(of: user, reviews: [], studies: entry.studies, to: &text)
                let keysStart = text.count
                let studiesStart = text[cardStart..<keysStart].lastIndex(of: QueueDocument.fieldSeparator)! + 1
                QueueDocument.appendStudyKeys(entry.studies, to: &text)
                documents.append(Document(
                    traits: QueueDocument.packedTraits(
                        gender: user.gender, searchable: user.searchable, ageRange: user.ageRange, birthDay: user.birth.date.daysSinceEpoch),
                    card: cardStart, uidEnd: cardStart + user.uid.rawValue.utf8.count,
                    studies: studiesStart, keys: keysStart, end: text.count))
                for study in entry.studies.studies {
                    let key = keyIndex[study.key] ?? {
                        keys.append(study.key)
                        keyIndex[study.key] = keys.count - 1
                        return keys.count - 1
                    }()
                    studyRows.append((Int32(key), Int32(position)))
                }
            }
            // SQLite orders text by its bytes: sort the few distinct keys that way once, then
            // place the study rows by key, each key's rows in queue order, (cell, user_id).
            let byteOrder = keys.indices.sorted { keys[$0].utf8.lexicographicallyPrecedes(keys[$1].utf8) }
            var counts = [Int](repeating: 0, count: keys.count)
            for (key, _) in studyRows { counts[Int(key)] += 1 }
            // Where each key's next row goes.
            var next = [Int](repeating: 0, count: keys.count)
            var total = 0
            for key in byteOrder {
                next[key] = total
                total += counts[key]
            }
            var studyOrder = [(key: Int32, row: Int32)](repeating: (0, 0), count: studyRows.count)
            for studyRow in studyRows {
                studyOrder[next[Int(studyRow.key)]] = studyRow
                next[Int(studyRow.key)] += 1
            }
            studyRows = []
            // The keys' bytes after the documents.
            var keyRanges: [(start: Int, end: Int)] = []
            for key in keys {
                let start = text.count
                text += key.utf8
                keyRanges.append((start, text.count))
            }
            try text.withUnsafeBufferPointer { text in
                func bytes(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
                    UnsafeBufferPointer(rebasing: text[start..<end])
                }
                let insertQueue = BatchInsert(
                    "INSERT INTO queue (cell, user_id, lat, long, traits, card, uid, studies, study_keys, entered_at)",
                    columns: 10, rowsPerStatement: Self.rowsPerStatement, connection: connection)
                for (row, document) in zip(rows, documents) {
                    let entry = users[Int(row.index)].entry
                    insertQueue.integer(row.cell)
                    insertQueue.integer(row.id)
                    insertQueue.real(entry.coordinate.latitude)
                    insertQueue.real(entry.coordinate.longitude)
                    insertQueue.integer(document.traits)
                    insertQueue.text(stable: bytes(document.card, document.keys))
                    insertQueue.text(stable: bytes(document.card, document.uidEnd))
                    insertQueue.text(stable: bytes(document.studies, document.keys))
                    insertQueue.text(stable: bytes(document.keys, document.end))
                    insertQueue.integer(entry.enteredAt.unixMilliseconds)
                    try insertQueue.endRow()
                }
                try insertQueue.finish()
                let insertStudy = BatchInsert(
                    "INSERT INTO queue_studies (study, cell, user_id, lat, long, traits, card)",
                    columns: 7, rowsPerStatement: Self.rowsPerStatement, connection: connection)
                for (key, position) in studyOrder {
                    let row = rows[Int(position)], document = documents[Int(position)]
                    let coordinate = users[Int(row.index)].entry.coordinate
                    insertStudy.text(stable: bytes(keyRanges[Int(key)].start, keyRanges[Int(key)].end))
                    insertStudy.integer(row.cell)
                    insertStudy.integer(row.id)
                    insertStudy.real(coordinate.latitude)
                    insertStudy.real(coordinate.longitude)
                    insertStudy.integer(document.traits)
                    insertStudy.text(stable: bytes(document.card, document.keys))
                    try insertStudy.endRow()
                }
                try insertStudy.finish()
            }
            try connection.cached("""
                INSERT INTO seed_state (id, drawn) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET drawn = drawn + excluded.drawn
                """).run([.int(users.count)])
            return rows.count
        }
    }

    /// Inserts the users in `order`, many per statement; returns each user's id by position in
    /// `users`, 0 for one left out (a real user has this phone number, or, astronomically
    /// rarely, this uid).
    private func insertUsers(_ users: [WaitingUser], in order: [UIDOrder], connection: Connection) throws -> [Int64] {
        var ids = [Int64](repeating: 0, count: users.count)
        // A new rowid is one more than the largest; a batch with nothing left out took the next ids in order.
        var largest = try connection.cached("SELECT max(id) FROM users").first { $0.int64(0) } ?? 0
        let insertUser = BatchInsert("""
            INSERT OR IGNORE INTO users (uid, phone, email, nick, birth, gender, sesac, background, age_min, age_max, searchable, created_at)
            """, columns: 12, rowsPerStatement: Self.rowsPerStatement, connection: connection)
        func written(_ count: Int, endingAt end: Int) throws {
            guard count > 0 else { return }
            let batch = order[(end - count)..<end]
            if connection.changes == count, largest <= Int64.max - Int64(count), connection.lastInsertRowID == largest + Int64(count) {
                for (offset, entry) in batch.enumerated() { ids[Int(entry.index)] = largest + 1 + Int64(offset) }
                largest += Int64(count)
                return
            }
            // Some were left out: find the rows this batch added by phone and uid.
            let find = try connection.cached("SELECT id FROM users WHERE phone = ? AND uid = ?")
            for entry in batch {
                let user = users[Int(entry.index)].user
                if let id = try find.first([.text(user.phone.e164), .text(user.uid.rawValue)], { $0.int64(0) }),
                   largest == Int64.max || id > largest {
                    ids[Int(entry.index)] = id
                }
            }
            largest = try connection.cached("SELECT max(id) FROM users").first { $0.int64(0) } ?? 0
        }
        for (position, entry) in order.enumerated() {
            let user = users[Int(entry.index)].user
            insertUser.text(user.uid.rawValue)
            insertUser.text(user.phone.e164)
            insertUser.text(user.email.value)
            insertUser.text(user.nick.value)
            insertUser.text(user.birth.description)
            insertUser.integer(Int64(user.gender.rawValue))
            insertUser.integer(Int64(user.sesac))
            insertUser.integer(Int64(user.background))
            insertUser.integer(Int64(user.ageRange.min))
            insertUser.integer(Int64(user.ageRange.max))
            insertUser.integer(user.searchable ? 1 : 0)
            insertUser.integer(user.createdAt.unixMilliseconds)
            try written(try insertUser.endRow(), endingAt: position + 1)
        }
        try written(try insertUser.finish(), endingAt: order.count)
        return ids
    }

    /// The first 8 bytes of `text`, big-endian (zeros after a shorter text): ordering these
    /// orders the texts by their bytes, ties aside.
    private static func prefix(_ text: String) -> UInt64 {
        var key: UInt64 = 0, count = 0
        for byte in text.utf8.prefix(8) {
            key = key << 8 | UInt64(byte)
            count += 1
        }
        return count == 8 ? key : key << (8 * UInt64(8 - count))
    }

    private struct UIDOrder {
        var prefix: UInt64
        var index: Int32
    }

    private struct QueueOrder {
        var cell: Int64
        var id: Int64
        var index: Int32
    }

    /// A queue row's packed traits and where its texts are in the document buffer: the card
    /// (starting with the uid and ending with the studies) then the study keys.
    private struct Document {
        var traits: Int64
        var card: Int
        var uidEnd: Int
        var studies: Int
        var keys: Int
        var end: Int
    }
}
