import SLPDomain

/// Bulk loading of synthetic users: the drawn people go straight into the tables, many rows per
/// statement, each table in its own key order so that its B-tree grows in one sweep.
public final class SQLitePopulationRepository: PopulationRepository {
    private let database: Database

    /// Page cache for bulk loads (KiB): rows go in in key order, so a filled page is not touched
    /// again and may leave for the WAL before the commit, while the randomly ordered indexes (by
    /// phone, by user) stay in memory.
    private static let bulkCacheKiB = 131_072

    /// Rows per multi-row INSERT.
    private static let rowsPerStatement = 256

    public init(database: Database) {
        self.database = database
    }

    public func seededCount() throws -> Int {
        try database.read { connection in
            try connection.cached("SELECT drawn FROM seed_state").first { $0.int(0) } ?? 0
        }
    }

    public func shownPlaceKey() throws -> any KeyedHash {
        try database.write { try SQLTransaction($0, search: SQLiteQueueSearch()).shownPlaceKey() }
    }

    public func addWaiting(count: Int, drawing next: () -> WaitingUser) throws -> Int {
        try addWaiting(count: count, drawing: next) { _ in }
    }

    /// Each stage's rough share of a batch's time, for a progress bar that moves steadily; the
    /// commit takes the rest.
    private static let drawing = 0.0...0.25, users = 0.25...0.55, queue = 0.55...0.7, studies = 0.7...0.95

    public func addWaiting(count: Int, drawing next: () -> WaitingUser, progress: (Double) -> Void) throws -> Int {
        // Drawn before the transaction, which may be tried again.
        var drawn = 0
        let batch = try SeedBatch(count: count) {
            drawn += 1
            if SeedProgress.isDue(drawn) { progress(SeedProgress.fraction(drawn, of: count, in: Self.drawing)) }
            return next()
        }
        let added = try database.bulkWrite(cacheKiB: Self.bulkCacheKiB) { connection in
            let added = try write(batch, connection: connection, progress: progress)
            try connection.cached("""
                INSERT INTO seed_state (id, drawn) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET drawn = drawn + excluded.drawn
                """).run([.int(count)])
            return added
        }
        progress(1)
        return added
    }

    /// Writes the people of `batch`; returns how many were stored.
    private func write(_ batch: SeedBatch, connection: Connection, progress: (Double) -> Void) throws -> Int {
        let text = batch.text
        func bytes(_ range: Range<Int>) -> ArraySlice<UInt8> { text[range] }
        let people = batch.people
        // Users in uid order: the uid index then grows in one sweep. Sorted on compact keys, the
        // uids' first bytes and the position, then the whole uid on a tie, as a stable sort would
        // (uids are ASCII, which SQLite and String both order by bytes).
        var uidOrder = people.indices.map { (prefix: people[$0].uidPrefix, person: $0) }
        uidOrder.sort { left, right in
            if left.prefix != right.prefix { return left.prefix < right.prefix }
            let leftUID = bytes(people[left.person].card..<people[left.person].uidEnd)
            let rightUID = bytes(people[right.person].card..<people[right.person].uidEnd)
            if !leftUID.elementsEqual(rightUID) { return leftUID.lexicographicallyPrecedes(rightUID) }
            return left.person < right.person
        }
        let byUID = uidOrder.map(\.person)
        let ids = try insertUsers(batch, in: byUID, connection: connection, progress: progress)
        // Queue rows in their key order, (cell, user id); users came in id order.
        var queueOrder = byUID.compactMap { ids[$0] == 0 ? nil : (cell: people[$0].cell, id: ids[$0], person: $0) }
        queueOrder.sort { ($0.cell, $0.id) < ($1.cell, $1.id) }
        let queued = queueOrder.map(\.person)
        // `queue_shown` orders the rows by where people are shown, which the queue's own order
        // scatters: a batch at least as large as the queue builds it afresh, sorted once, instead
        // of growing it entry by entry.
        let waiting = try connection.cached("SELECT count(*) FROM queue").first { $0.int(0) } ?? 0
        let rebuiltIndex = waiting <= queued.count
            ? try connection.cached("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'queue_shown'").first { $0.text(0) }
            : nil
        if rebuiltIndex != nil { try connection.execute("DROP INDEX queue_shown") }
        // OR FAIL: a failing statement keeps its earlier rows instead of undoing them, so SQLite
        // keeps no statement journal (a copy of every page each statement changes). Any error
        // still ends the whole transaction, which `Database` rolls back.
        var insertQueue = BatchInsert(
            "INSERT OR FAIL INTO queue (\(QueueRecord.columns.list))",
            columns: QueueRecord.columns.count, rowsPerStatement: Self.rowsPerStatement, connection: connection)
        for (position, index) in queued.enumerated() {
            if SeedProgress.isDue(position) { progress(SeedProgress.fraction(position, of: queued.count, in: Self.queue)) }
            batch.writeQueueRow(people[index], id: ids[index], to: &insertQueue)
            try insertQueue.endRow()
        }
        try insertQueue.finish()
        if let rebuiltIndex { try connection.execute(rebuiltIndex) }
        // Study rows in their key order, (study, cell, user id): by a counting pass over the few
        // distinct keys sorted by their bytes (as SQLite orders text), each key's rows in queue order.
        let keys = batch.keys
        func studyKeys(_ person: SeedBatch.Person) -> ArraySlice<Int32> {
            batch.studyKeys[person.firstStudy..<(person.firstStudy + Int(person.studyCount))]
        }
        var next = [Int](repeating: 0, count: keys.count)
        for index in queued {
            for key in studyKeys(people[index]) { next[Int(key)] += 1 }
        }
        var total = 0
        for key in keys.indices.sorted(by: { bytes(keys[$0]).lexicographicallyPrecedes(bytes(keys[$1])) }) {
            (next[key], total) = (total, total + next[key])
        }
        var studyRows = [(key: Int32, person: Int)](repeating: (0, 0), count: total)
        for index in queued {
            for key in studyKeys(people[index]) {
                studyRows[next[Int(key)]] = (key, index)
                next[Int(key)] += 1
            }
        }
        let insertStudy = BatchInsert(
            "INSERT OR FAIL INTO queue_studies (\(QueueRecord.studyColumns.list))",
            columns: QueueRecord.studyColumns.count, rowsPerStatement: Self.rowsPerStatement, connection: connection)
        for (position, (key, index)) in studyRows.enumerated() {
            if SeedProgress.isDue(position) { progress(SeedProgress.fraction(position, of: studyRows.count, in: Self.studies)) }
            let person = people[index]
            insertStudy.text(bytes(keys[Int(key)]))
            insertStudy.integer(person.cell)
            insertStudy.integer(ids[index])
            insertStudy.real(person.latitude)
            insertStudy.real(person.longitude)
            insertStudy.integer(person.shown)
            insertStudy.integer(person.traits)
            insertStudy.text(bytes(person.card..<person.keys))
            try insertStudy.endRow()
        }
        try insertStudy.finish()
        return queued.count
    }

    /// Inserts the people in `order`, many per statement; returns each one's row id by position
    /// in the batch, 0 for one left out (a real user has this phone number or, astronomically
    /// rarely, this uid).
    private func insertUsers(
        _ batch: SeedBatch, in order: [Int], connection: Connection, progress: (Double) -> Void
    ) throws -> [Int64] {
        let text = batch.text
        func bytes(_ range: Range<Int>) -> ArraySlice<UInt8> { text[range] }
        let people = batch.people
        var ids = [Int64](repeating: 0, count: people.count)
        // A new row id is one more than the largest; a statement with nothing left out took the next ids in order.
        var largest = try connection.cached("SELECT max(id) FROM users").first { $0.int64(0) } ?? 0
        func written(_ count: Int, endingAt end: Int) throws {
            guard count > 0 else { return }
            let rows = order[(end - count)..<end]
            if connection.changes == count, largest <= Int64.max - Int64(count), connection.lastInsertRowID == largest + Int64(count) {
                for (offset, index) in rows.enumerated() { ids[index] = largest + 1 + Int64(offset) }
                largest += Int64(count)
                return
            }
            // Some were left out: find the rows this statement added by phone and uid.
            let find = try connection.cached("SELECT id FROM users WHERE phone = ? AND uid = ?")
            for index in rows {
                let phone = String(decoding: bytes(people[index].phone..<people[index].email), as: UTF8.self)
                let uid = String(decoding: bytes(people[index].card..<people[index].uidEnd), as: UTF8.self)
                if let id = try find.first([.text(phone), .text(uid)], { $0.int64(0) }), largest == Int64.max || id > largest {
                    ids[index] = id
                }
            }
            largest = try connection.cached("SELECT max(id) FROM users").first { $0.int64(0) } ?? 0
        }
        var insertUser = BatchInsert(
            "INSERT OR IGNORE INTO users (\(UserRecord.seeded.list))",
            columns: UserRecord.seeded.count, rowsPerStatement: Self.rowsPerStatement, connection: connection)
        for (position, index) in order.enumerated() {
            if SeedProgress.isDue(position) { progress(SeedProgress.fraction(position, of: order.count, in: Self.users)) }
            batch.writeUser(people[index], to: &insertUser)
            try written(try insertUser.endRow(), endingAt: position + 1)
        }
        try written(try insertUser.finish(), endingAt: order.count)
        return ids
    }
}
