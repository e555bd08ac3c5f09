#if PostgreSQL
import SLPData
import SLPDomain

/// The PostgreSQL backend: a database on a server, through slp's storage, plus the
/// benchmark's own connection for filling it.
struct PostgresStore: BenchStore {
    let database: PGDatabase
    let session: PQSession
    let name = "PostgreSQL"
    let location: String
    let storage: any Storage
    var population: any PopulationRepository { PGPopulationRepository(database: database) }

    init(uri: String) throws {
        location = uri
        database = try PGDatabase(uri: uri)
        storage = PGStorage(database: database)
        session = try PQSession(uri: uri)
    }

    func waitingUIDs() throws -> [UserID] {
        try session.rows("SELECT q.uid FROM slp.queue q JOIN slp.users u ON u.id = q.user_id WHERE u.searchable ORDER BY q.uid COLLATE \"C\"").map { try UserID($0[0] ?? "") }
    }

    func matchMembers() throws -> [(match: Int64, partner: String)] {
        try session.rows("SELECT match_id, partner_uid FROM slp.match_members ORDER BY match_id, user_id")
            .map { (Int64($0[0] ?? "") ?? 0, $0[1] ?? "") }
    }

    func fill(match: Int64, count: Int, toA: String, toB: String, firstAt: Int64) throws {
        try session.rows("""
            INSERT INTO slp.messages (match_id, seq, from_uid, to_uid, chat, created_at)
            SELECT $1::bigint, i, CASE i % 2 WHEN 0 THEN $3 ELSE $4 END, CASE i % 2 WHEN 0 THEN $4 ELSE $3 END,
                   'message number ' || i || ' 스터디 얘기', $5::bigint + i
            FROM generate_series(1, $2::int) AS i
            """, [String(match), String(count), toA, toB, String(firstAt)])
    }

    func connectionFigures() throws -> ConnectionFigures? {
        var connects: [Double] = [], offsets: [Double] = []
        for _ in 0..<10 {
            let (database, micros) = try Stopwatch.measure { try PGDatabase(uri: location) }
            connects.append(micros)
            offsets.append(database.serverClockOffset * 1e6)
        }
        return ConnectionFigures(connect: Percentiles(connects), clockOffset: Percentiles(offsets.map(\.magnitude)))
    }

    func messageCount() throws -> Int {
        Int(try session.scalar("SELECT count(*) FROM slp.messages") ?? "") ?? 0
    }
}
#endif
