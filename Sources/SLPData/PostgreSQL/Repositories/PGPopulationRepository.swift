#if PostgreSQL
import SLPDomain

/// Bulk loading of synthetic users on a PostgreSQL server: the drawn people are copied into a
/// temporary table (`COPY`), then stored as users, then as queue places.
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

    public func addWaiting(count: Int, drawing next: () -> WaitingUser) throws -> Int {
        // Drawn before the transaction, which may be tried again.
        let batch = try SeedBatch(count: count, drawing: next)
        let added = try database.write { connection in
            try connection.execute("""
                CREATE TEMPORARY TABLE IF NOT EXISTS seed_drawn (
                    uid text COLLATE "C", phone text COLLATE "C", email text, nick text, birth text, card text, studies text, study_keys jsonb,
                    gender smallint, sesac int, background int, age_min int, age_max int, searchable boolean, created_at bigint,
                    cell bigint, lat float8, long float8, traits bigint, entered_at bigint
                ) ON COMMIT DELETE ROWS
                """)
            try batch.text.withUnsafeBufferPointer { text in
                var start = 0
                var rows = PGCopyText(reservingCapacity: Self.rowsPerChunk * 300)
                try connection.copy("COPY seed_drawn FROM STDIN") {
                    guard start < batch.people.count else { return nil }
                    let end = min(start + Self.rowsPerChunk, batch.people.count)
                    rows.removeAll()
                    for person in batch.people[start..<end] { Self.append(person, text: text, to: &rows) }
                    start = end
                    return rows.bytes
                }
            }
            // A person whose phone number (or, astronomically rarely, uid) is taken is left out:
            // only the users this statement stored have both their drawn uid and phone.
            try connection.execute("""
                INSERT INTO slp.users (uid, phone, email, nick, birth, gender, sesac, background, age_min, age_max, searchable, created_at)
                SELECT uid, phone, email, nick, birth, gender, sesac, background, age_min, age_max, searchable, created_at FROM seed_drawn
                ON CONFLICT DO NOTHING
                """)
            let added = try connection.execute("""
                INSERT INTO slp.queue (user_id, cell, lat, long, traits, card, uid, studies, study_keys, entered_at)
                SELECT u.id, d.cell, d.lat, d.long, d.traits, d.card, d.uid, d.studies, d.study_keys, d.entered_at
                FROM seed_drawn d JOIN slp.users u ON u.uid = d.uid AND u.phone = d.phone
                ON CONFLICT (user_id) DO NOTHING
                """).affectedRows
            try connection.execute("""
                INSERT INTO slp.seed_state (id, drawn) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET drawn = seed_state.drawn + excluded.drawn
                """, [count])
            return added
        }
        // Marks the new rows visible to all, so that searches read the queue from its index alone
        // from now on instead of once autovacuum comes by; and gives the planner fresh counts.
        try database.maintain("VACUUM (ANALYZE) slp.queue, slp.users")
        return added
    }

    /// One person as a row of `seed_drawn`.
    private static func append(_ person: SeedBatch.Person, text: UnsafeBufferPointer<UInt8>, to rows: inout PGCopyText) {
        func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: text[range]) }
        for range in [
            person.card..<person.uidEnd, person.phone..<person.email, person.email..<person.nick, person.nick..<person.birth,
            person.birth..<person.end, person.card..<person.keys, person.studies..<person.keys, person.keys..<person.phone,
        ] {
            rows.append(bytes(range))
        }
        rows.append(Int(person.gender))
        rows.append(Int(person.sesac))
        rows.append(Int(person.background))
        rows.append(Int(person.ageMin))
        rows.append(Int(person.ageMax))
        rows.append(person.searchable)
        rows.append(person.createdAt)
        rows.append(person.cell)
        rows.append(person.latitude)
        rows.append(person.longitude)
        rows.append(person.traits)
        rows.append(person.enteredAt)
        rows.endRow()
    }
}
#endif
