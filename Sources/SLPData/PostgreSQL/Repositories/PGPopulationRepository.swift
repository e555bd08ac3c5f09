#if PostgreSQL
import SLPDomain

/// Bulk loading of synthetic users on a PostgreSQL server: the drawn people go in as column
/// arrays, many per statement, users and queue places together.
public final class PGPopulationRepository: PopulationRepository {
    private let database: PGDatabase

    /// People per statement.
    private static let rowsPerStatement = 5_000

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
        return try database.write { connection in
            var added = 0
            try batch.text.withUnsafeBufferPointer { text in
                var start = 0
                while start < batch.people.count {
                    let end = min(start + Self.rowsPerStatement, batch.people.count)
                    added += try insert(batch.people[start..<end], text: text, in: connection)
                    start = end
                }
            }
            try connection.execute("""
                INSERT INTO slp.seed_state (id, drawn) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET drawn = seed_state.drawn + excluded.drawn
                """, [count])
            return added
        }
    }

    /// Stores `people` and their queue places in one statement; a person whose phone number
    /// (or, astronomically rarely, uid) is taken is left out. Returns how many were stored.
    private func insert(_ people: ArraySlice<SeedBatch.Person>, text: UnsafeBufferPointer<UInt8>, in connection: PGConnection) throws -> Int {
        func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: text[range]) }
        var columns = [PGArrayText](repeating: PGArrayText(reservingCapacity: people.count * 12), count: 19)
        for person in people {
            let values: [UnsafeBufferPointer<UInt8>] = [
                bytes(person.card..<person.uidEnd), bytes(person.phone..<person.email), bytes(person.email..<person.nick),
                bytes(person.nick..<person.birth), bytes(person.birth..<person.end), bytes(person.card..<person.keys),
                bytes(person.studies..<person.keys), bytes(person.keys..<person.phone),
            ]
            for (column, value) in values.enumerated() { columns[column].append(value) }
            columns[8].append(Int(person.gender))
            columns[9].append(Int(person.sesac))
            columns[10].append(Int(person.background))
            columns[11].append(Int(person.ageMin))
            columns[12].append(Int(person.ageMax))
            columns[13].append(person.searchable)
            columns[14].append(person.createdAt)
            columns[15].append(person.cell)
            columns[16].append(person.latitude)
            columns[17].append(person.longitude)
            columns[18].append(person.traits)
        }
        let enteredAt = people.map(\.enteredAt)
        var entered = PGArrayText(reservingCapacity: people.count * 14)
        for value in enteredAt { entered.append(value) }
        return try connection.execute("""
            WITH drawn AS (
                SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                    $8::jsonb[], $9::smallint[], $10::int[], $11::int[], $12::int[], $13::int[], $14::boolean[], $15::bigint[],
                    $16::bigint[], $17::float8[], $18::float8[], $19::bigint[], $20::bigint[])
                AS d(uid, phone, email, nick, birth, card, studies, study_keys, gender, sesac, background, age_min, age_max,
                    searchable, created_at, cell, lat, long, traits, entered_at)
            ), stored AS (
                INSERT INTO slp.users (uid, phone, email, nick, birth, gender, sesac, background, age_min, age_max, searchable, created_at)
                SELECT uid, phone, email, nick, birth, gender, sesac, background, age_min, age_max, searchable, created_at FROM drawn
                ON CONFLICT DO NOTHING
                RETURNING id, uid
            )
            INSERT INTO slp.queue (user_id, cell, lat, long, traits, card, uid, studies, study_keys, entered_at)
            SELECT s.id, d.cell, d.lat, d.long, d.traits, d.card, d.uid, d.studies, d.study_keys, d.entered_at
            FROM stored s JOIN drawn d ON d.uid = s.uid
            """, columns.map(\.text) + [entered.text]).affectedRows
    }
}
#endif
