#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SLPDomain

/// Bulk loading of synthetic users straight into the tables, bypassing the per-user path
/// (which would build each card in SQL from the `users` row, see `QueueDocument.cardHeadSQL`).
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

    /// Page cache for bulk loads (KiB). Rows go in in key order, so a filled page is not touched
    /// again: it may as well leave for the WAL before the commit (each page is still written
    /// once) while the randomly ordered indexes (by phone, by user; about 40 MB at a million
    /// users) stay in memory. Holding all 800 MB of a million users' pages until the commit
    /// cost 1.2 GB more memory and about 3 s more of a 17 s load in page faults.
    private static let bulkCacheKiB = 131_072

    /// Rows per multi-row INSERT (256 cost about 1% fewer instructions than 64).
    private static let rowsPerStatement = 256

    public func addWaiting(count: Int, drawing next: () -> WaitingUser) throws -> Int {
        // Everything the tables take, read from each person once as they are drawn (so a million
        // of them are never held as values, about 570 MB more): later passes visit them in other
        // orders, where compact rows and one text buffer are cheaper to reach than Strings.
        // Drawn before the transaction, which may be tried again.
        let people = People(count: count, drawing: next)
        try database.connection.execute("PRAGMA cache_size = -\(Self.bulkCacheKiB); PRAGMA foreign_keys = OFF")
        defer { try? database.connection.execute("PRAGMA foreign_keys = ON") }
        return try database.write { connection in
            // In uid order the uid index grows in one sweep instead of at random places. Sorted
            // as compact keys (the first 8 bytes, then the whole uid on a tie, then the position,
            // as a stable sort would): uids are ASCII, where String's < is a byte comparison, as in SQLite.
            var byUID = people.rows.indices.map { UIDOrder(prefix: people.rows[$0].uidPrefix, index: Int32($0)) }
            let added = try people.text.withUnsafeBufferPointer { text in
                func uid(_ index: Int32) -> UnsafeBufferPointer<UInt8> {
                    let row = people.rows[Int(index)]
                    return UnsafeBufferPointer(rebasing: text[row.card..<row.uidEnd])
                }
                byUID.sort { left, right in
                    if left.prefix != right.prefix { return left.prefix < right.prefix }
                    let leftUID = uid(left.index), rightUID = uid(right.index)
                    if !leftUID.elementsEqual(rightUID) { return leftUID.lexicographicallyPrecedes(rightUID) }
                    return left.index < right.index
                }
                return try write(people, text: text, byUID: byUID, connection: connection)
            }
            try connection.cached("""
                INSERT INTO seed_state (id, drawn) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET drawn = drawn + excluded.drawn
                """).run([.int(count)])
            return added
        }
    }

    /// Writes the rows of `people`; returns how many were stored.
    private func write(_ people: People, text: UnsafeBufferPointer<UInt8>, byUID: [UIDOrder], connection: Connection) throws -> Int {
        func bytes(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: text[start..<end])
        }
        let ids = try insertUsers(people, text: text, in: byUID, connection: connection)
        // Inserting in key order keeps the B-tree writes sequential. Users come in id order.
        var rows: [QueueOrder] = []
        rows.reserveCapacity(people.rows.count)
        for entry in byUID where ids[Int(entry.index)] != 0 {
            rows.append(QueueOrder(cell: people.rows[Int(entry.index)].cell, id: ids[Int(entry.index)], index: entry.index))
        }
        rows.sort { ($0.cell, $0.id) < ($1.cell, $1.id) }
        // Gathered once in that order: the passes below then read their rows one after another.
        let queued = rows.map { row in
            let person = people.rows[Int(row.index)]
            return Queued(
                cell: row.cell, id: row.id, latitude: person.latitude, longitude: person.longitude, traits: person.traits,
                enteredAt: person.enteredAt, card: person.card, uidEnd: person.uidEnd, studies: person.studies, keys: person.keys,
                keysEnd: person.phone, firstStudy: person.firstStudy, studyCount: Int(person.studyCount))
        }
        rows = []
        // OR FAIL: a failing statement keeps its earlier rows instead of undoing them, so SQLite
        // keeps no statement journal (every page each statement changed, copied, spilling to a
        // temporary file: three quarters of the load's writes). Any error still ends the whole
        // transaction, rolled back by `Database.write`.
        let insertQueue = BatchInsert(
            "INSERT OR FAIL INTO queue (cell, user_id, lat, long, traits, card, uid, studies, study_keys, entered_at)",
            columns: 10, rowsPerStatement: Self.rowsPerStatement, connection: connection)
        for row in queued {
            insertQueue.integer(row.cell)
            insertQueue.integer(row.id)
            insertQueue.real(row.latitude)
            insertQueue.real(row.longitude)
            insertQueue.integer(row.traits)
            insertQueue.text(stable: bytes(row.card, row.keys))
            insertQueue.text(stable: bytes(row.card, row.uidEnd))
            insertQueue.text(stable: bytes(row.studies, row.keys))
            insertQueue.text(stable: bytes(row.keys, row.keysEnd))
            insertQueue.integer(row.enteredAt)
            try insertQueue.endRow()
        }
        try insertQueue.finish()
        // SQLite orders text by its bytes: sort the few distinct keys that way once, then
        // place the study rows by key, each key's rows in queue order, (cell, user_id).
        let keys = people.keys
        let byteOrder = keys.indices.sorted { bytes(keys[$0].start, keys[$0].end).lexicographicallyPrecedes(bytes(keys[$1].start, keys[$1].end)) }
        func studyKeys(_ row: Queued) -> ArraySlice<Int32> {
            people.studyKeys[row.firstStudy..<(row.firstStudy + row.studyCount)]
        }
        var counts = [Int](repeating: 0, count: keys.count)
        for row in queued {
            for key in studyKeys(row) { counts[Int(key)] += 1 }
        }
        // Where each key's next row goes.
        var next = [Int](repeating: 0, count: keys.count)
        var total = 0
        for key in byteOrder {
            next[key] = total
            total += counts[key]
        }
        var studyOrder = [(key: Int32, row: Int32)](repeating: (0, 0), count: total)
        for (position, row) in queued.enumerated() {
            for key in studyKeys(row) {
                studyOrder[next[Int(key)]] = (key, Int32(position))
                next[Int(key)] += 1
            }
        }
        let insertStudy = BatchInsert(
            "INSERT OR FAIL INTO queue_studies (study, cell, user_id, lat, long, traits, card)",
            columns: 7, rowsPerStatement: Self.rowsPerStatement, connection: connection)
        for (key, position) in studyOrder {
            let row = queued[Int(position)]
            insertStudy.text(stable: bytes(keys[Int(key)].start, keys[Int(key)].end))
            insertStudy.integer(row.cell)
            insertStudy.integer(row.id)
            insertStudy.real(row.latitude)
            insertStudy.real(row.longitude)
            insertStudy.integer(row.traits)
            insertStudy.text(stable: bytes(row.card, row.keys))
            try insertStudy.endRow()
        }
        try insertStudy.finish()
        return queued.count
    }

    /// Inserts the people in `order`, many per statement; returns each one's id by position,
    /// 0 for one left out (a real user has this phone number, or, astronomically rarely, this uid).
    private func insertUsers(_ people: People, text: UnsafeBufferPointer<UInt8>, in order: [UIDOrder], connection: Connection) throws -> [Int64] {
        func bytes(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: text[start..<end])
        }
        var ids = [Int64](repeating: 0, count: people.rows.count)
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
                let person = people.rows[Int(entry.index)]
                let phone = String(decoding: bytes(person.phone, person.email), as: UTF8.self)
                let uid = String(decoding: bytes(person.card, person.uidEnd), as: UTF8.self)
                if let id = try find.first([.text(phone), .text(uid)], { $0.int64(0) }), largest == Int64.max || id > largest {
                    ids[Int(entry.index)] = id
                }
            }
            largest = try connection.cached("SELECT max(id) FROM users").first { $0.int64(0) } ?? 0
        }
        for (position, entry) in order.enumerated() {
            let person = people.rows[Int(entry.index)]
            insertUser.text(stable: bytes(person.card, person.uidEnd))
            insertUser.text(stable: bytes(person.phone, person.email))
            insertUser.text(stable: bytes(person.email, person.nick))
            insertUser.text(stable: bytes(person.nick, person.birth))
            insertUser.text(stable: bytes(person.birth, person.end))
            insertUser.integer(Int64(person.gender))
            insertUser.integer(Int64(person.sesac))
            insertUser.integer(Int64(person.background))
            insertUser.integer(Int64(person.ageMin))
            insertUser.integer(Int64(person.ageMax))
            insertUser.integer(person.searchable ? 1 : 0)
            insertUser.integer(person.createdAt)
            try written(try insertUser.endRow(), endingAt: position + 1)
        }
        try written(try insertUser.finish(), endingAt: order.count)
        return ids
    }

    /// The users to store as flat rows, their texts in one buffer.
    private struct People {
        /// One user's values; texts are ranges of `text`, one after another: the card (which
        /// starts with the uid and ends with the studies' description), the study keys as JSON,
        /// phone, email, nick, birth.
        struct Row {
            var uidPrefix: UInt64
            var cell: Int64
            var latitude: Double
            var longitude: Double
            var traits: Int64
            var enteredAt: Int64
            var createdAt: Int64
            var gender: Int32
            var sesac: Int32
            var background: Int32
            var ageMin: Int32
            var ageMax: Int32
            var searchable: Bool
            var studyCount: UInt8
            /// The user's study keys are `studyKeys[firstStudy..<firstStudy + studyCount]`.
            var firstStudy: Int
            var card: Int
            var uidEnd: Int
            var studies: Int
            var keys: Int
            var phone: Int
            var email: Int
            var nick: Int
            var birth: Int
            var end: Int
        }

        let rows: [Row]
        let text: [UInt8]
        /// Each distinct study key's bytes in `text`.
        let keys: [(start: Int, end: Int)]
        /// Every user's studies as positions in `keys`.
        let studyKeys: [Int32]

        /// Appends `date.description`, `YYYY-MM-DD`.
        private static func appendDate(_ date: CalendarDate, to bytes: inout [UInt8]) {
            func digit(_ value: Int) -> UInt8 { UInt8(ascii: "0") + UInt8(value % 10) }
            bytes += [
                digit(date.year / 1000), digit(date.year / 100), digit(date.year / 10), digit(date.year), UInt8(ascii: "-"),
                digit(date.month / 10), digit(date.month), UInt8(ascii: "-"), digit(date.day / 10), digit(date.day),
            ]
        }

        init(count: Int, drawing next: () -> WaitingUser) {
            var rows: [Row] = [], text: [UInt8] = [], keys: [(start: Int, end: Int)] = [], studyKeys: [Int32] = []
            rows.reserveCapacity(count)
            text.reserveCapacity(count * 240)
            studyKeys.reserveCapacity(count * 3)
            var cache = StudyCache()
            for _ in 0..<count {
                let waiting = next()
                let user = waiting.user, entry = waiting.entry
                // The card ends with the studies' description, the `studies` column; then the
                // study keys as JSON: as `QueueDocument.card` and `studyKeys` write them, from
                // each study's pieces, prepared once.
                let card = text.count
                QueueDocument.appendCardHead(of: user, reviews: [], to: &text)
                let studies = text.count
                let firstStudy = studyKeys.count
                for (position, study) in entry.studies.studies.enumerated() {
                    let known = cache.known[cache.find(study)]
                    if position > 0 { text.append(UInt8(ascii: " ")) }
                    text += known.name
                    studyKeys.append(known.key)
                }
                let keysStart = text.count
                text.append(UInt8(ascii: "["))
                for (position, key) in studyKeys[firstStudy...].enumerated() {
                    if position > 0 { text.append(UInt8(ascii: ",")) }
                    text += cache.json[Int(key)]
                }
                text.append(UInt8(ascii: "]"))
                let phone = text.count
                text += user.phone.e164.utf8
                let email = text.count
                text += user.email.value.utf8
                let nick = text.count
                text += user.nick.value.utf8
                let birth = text.count
                Self.appendDate(user.birth.date, to: &text)
                var prefix: UInt64 = 0
                let uidLength = user.uid.withUTF8 { $0.count }
                for byte in text[card..<(card + min(8, uidLength))] { prefix = prefix << 8 | UInt64(byte) }
                if uidLength < 8 { prefix <<= 8 * UInt64(8 - uidLength) }
                rows.append(Row(
                    uidPrefix: prefix, cell: SpatialGrid.cell(entry.coordinate),
                    latitude: entry.coordinate.latitude, longitude: entry.coordinate.longitude,
                    traits: QueueDocument.packedTraits(
                        gender: user.gender, searchable: user.searchable, ageRange: user.ageRange, birthDay: user.birth.date.daysSinceEpoch),
                    enteredAt: entry.enteredAt.unixMilliseconds, createdAt: user.createdAt.unixMilliseconds,
                    gender: Int32(user.gender.rawValue), sesac: Int32(user.sesac), background: Int32(user.background),
                    ageMin: Int32(user.ageRange.min), ageMax: Int32(user.ageRange.max), searchable: user.searchable,
                    studyCount: UInt8(entry.studies.studies.count), firstStudy: firstStudy,
                    card: card, uidEnd: card + uidLength, studies: studies, keys: keysStart,
                    phone: phone, email: email, nick: nick, birth: birth, end: text.count))
            }
            // The keys' bytes after the users'.
            for key in cache.keys {
                let start = text.count
                text += key
                keys.append((start, text.count))
            }
            self.rows = rows
            self.text = text
            self.keys = keys
            self.studyKeys = studyKeys
        }
    }

    /// The distinct studies met, found by their name's bytes: hashing Strings (or Studies)
    /// for a few million lookups cost more than writing the rest of the documents.
    private struct StudyCache {
        struct Known {
            var hash: UInt64
            var name: [UInt8]
            /// The position of its key in `keys`.
            var key: Int32
        }

        var known: [Known] = []
        /// Positions in `known`, open addressing; -1 is empty.
        private var slots = [Int](repeating: -1, count: 512)
        /// The distinct keys' bytes, and each one quoted for the JSON list.
        var keys: [[UInt8]] = []
        var json: [[UInt8]] = []
        private var keyPositions: [[UInt8]: Int32] = [:]

        private static func equal(_ bytes: [UInt8], _ text: String) -> Bool {
            let compared = text.utf8.withContiguousStorageIfAvailable { utf8 in
                bytes.withUnsafeBufferPointer { bytes in
                    bytes.count == utf8.count && (bytes.isEmpty || memcmp(bytes.baseAddress!, utf8.baseAddress!, bytes.count) == 0)
                }
            }
            return compared ?? bytes.elementsEqual(text.utf8)
        }

        /// The position in `known` of `study`'s name, added if new.
        mutating func find(_ study: Study) -> Int {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in study.name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
            while slots[slot] >= 0 {
                let position = slots[slot]
                if known[position].hash == hash && Self.equal(known[position].name, study.name) { return position }
                slot = (slot + 1) & (slots.count - 1)
            }
            let keyBytes = Array(study.key.utf8)
            let key = keyPositions[keyBytes] ?? {
                keys.append(keyBytes)
                var quoted: [UInt8] = []
                QueueDocument.appendJSONString(study.key, to: &quoted)
                json.append(quoted)
                keyPositions[keyBytes] = Int32(keys.count - 1)
                return Int32(keys.count - 1)
            }()
            known.append(Known(hash: hash, name: Array(study.name.utf8), key: key))
            slots[slot] = known.count - 1
            if known.count * 2 > slots.count {
                slots = [Int](repeating: -1, count: slots.count * 2)
                for (position, entry) in known.enumerated() {
                    var slot = Int(truncatingIfNeeded: entry.hash) & (slots.count - 1)
                    while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
                    slots[slot] = position
                }
            }
            return known.count - 1
        }
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

    /// A queue row's values, and where its texts are in the buffer (as in `People.Row`).
    private struct Queued {
        var cell: Int64
        var id: Int64
        var latitude: Double
        var longitude: Double
        var traits: Int64
        var enteredAt: Int64
        var card: Int
        var uidEnd: Int
        var studies: Int
        var keys: Int
        var keysEnd: Int
        var firstStudy: Int
        var studyCount: Int
    }
}
