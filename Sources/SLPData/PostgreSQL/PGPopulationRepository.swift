#if PostgreSQL
import SLPDomain

/// Bulk loading of synthetic users on a PostgreSQL server: the drawn people are copied straight
/// into the users table and their places into the queue (`COPY`), under ids taken from the
/// users' sequence beforehand.
public final class PGPopulationRepository: PopulationRepository {
    private let database: PGDatabase

    /// People per chunk sent to the server.
    private static let rowsPerChunk = 10_000

    public init(database: PGDatabase) {
        self.database = database
    }

    public func seededCount() throws -> Int {
        try database.read { connection in
            try connection.execute("SELECT drawn FROM slp.seed_state").first { $0.int(0) } ?? 0
        }
    }

    public func shownPlaceKey() throws -> any KeyedHash {
        try database.write { try SQLTransaction($0, search: PGQueueSearch()).shownPlaceKey() }
    }

    public func addWaiting(count: Int, drawing next: () -> WaitingUser) throws -> Int {
        try addWaiting(count: count, drawing: next) { _ in }
    }

    /// Each stage's rough share of a batch's time, for a progress bar that moves steadily; the
    /// vacuum takes the rest.
    private static let drawing = 0.0...0.3, users = 0.3...0.6, queue = 0.6...0.9

    public func addWaiting(count: Int, drawing next: () -> WaitingUser, progress: (Double) -> Void) throws -> Int {
        // Drawn before the transaction, which may be tried again.
        var drawn = 0
        let batch = try SeedBatch(count: count) {
            drawn += 1
            if SeedProgress.isDue(drawn) { progress(SeedProgress.fraction(drawn, of: count, in: Self.drawing)) }
            return next()
        }
        let added = try database.write { connection in
            let text = batch.text
            func string(_ range: Range<Int>) -> String { String(decoding: text[range], as: UTF8.self) }
            // A person whose synthetic phone number someone registered with is left out. The
            // numbers are read in one range: a registration in it committing meanwhile makes
            // the transaction conflict and run again.
            let phones = batch.people.map { string($0.phone..<$0.email) }
            let taken = Set(try connection.execute(
                "SELECT phone FROM slp.users WHERE phone BETWEEN $1 AND $2", [phones.min() ?? "", phones.max() ?? ""]
            ).map { $0.text(0) })
            let kept = batch.people.indices.filter { taken.isEmpty || !taken.contains(phones[$0]) }
            let ids = try connection.execute(
                "SELECT nextval('slp.users_id_seq') FROM generate_series(1, $1)", [kept.count]).map { $0.int64(0) }
            try copy("COPY slp.users (id, \(UserRecord.seeded.list)) FROM STDIN", kept.indices, in: connection) { position, rows in
                if SeedProgress.isDue(position) { progress(SeedProgress.fraction(position, of: kept.count, in: Self.users)) }
                rows.integer(ids[position])
                batch.writeUser(batch.people[kept[position]], to: &rows)
                rows.endRow()
            }
            // Queue places in cell order: the search index then grows at its end, and the indexes
            // by where people are shown (`queue_shown`, in the same place cell) nearly so. They are not
            // dropped to be built afresh: that would lock every reader of the queue out until commit.
            let byCell = kept.indices.sorted { batch.people[kept[$0]].cell < batch.people[kept[$1]].cell }
            try copy("COPY slp.queue (\(QueueRecord.columns.list)) FROM STDIN", byCell.indices, in: connection) { position, rows in
                if SeedProgress.isDue(position) { progress(SeedProgress.fraction(position, of: byCell.count, in: Self.queue)) }
                let index = byCell[position]
                batch.writeQueueRow(batch.people[kept[index]], id: ids[index], to: &rows)
                rows.endRow()
            }
            try connection.execute("""
                INSERT INTO slp.seed_state (id, drawn) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET drawn = seed_state.drawn + excluded.drawn
                """, [count])
            return kept.count
        }
        // Marks the new rows visible to all, so that searches read the queue from its index alone
        // from now on instead of once autovacuum comes by; and gives the planner fresh counts.
        progress(Self.queue.upperBound)
        try database.maintain("VACUUM (ANALYZE) slp.queue, slp.users")
        progress(1)
        return added
    }

    /// Runs `sql` (a COPY), sending the rows `append` writes for each of `positions`, in chunks.
    private func copy(
        _ sql: String, _ positions: Range<Int>, in connection: PGConnection, append: (Int, inout PGCopyText) -> Void
    ) throws {
        var start = positions.lowerBound
        var rows = PGCopyText(reservingCapacity: Self.rowsPerChunk * 300)
        try connection.copy(sql) {
            guard start < positions.upperBound else { return nil }
            let end = min(start + Self.rowsPerChunk, positions.upperBound)
            rows.removeAll()
            for position in start..<end { append(position, &rows) }
            start = end
            return rows.bytes
        }
    }
}
#endif
