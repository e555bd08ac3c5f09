import SLPData
import SLPDomain

/// The SQLite backend: a database file.
struct SQLiteStore: BenchStore {
    let database: Database
    let name = "SQLite"
    var location: String { database.path }
    let storage: any Storage
    var population: any PopulationRepository { SQLitePopulationRepository(database: database) }

    init(path: String) throws {
        database = try Database(path: path)
        storage = SQLiteStorage(database: database)
    }

    func waitingUIDs() throws -> [UserID] {
        try database.read { try $0.prepare("SELECT q.uid FROM queue q JOIN users u ON u.id = q.user_id WHERE u.searchable ORDER BY q.uid").map { try UserID($0.text(0)) } }
    }

    func matchMembers() throws -> [(match: Int64, partner: String)] {
        try database.read { connection in
            try connection.prepare("SELECT match_id, partner_uid FROM match_members ORDER BY match_id, user_id")
                .map { ($0.int64(0), $0.text(1)) }
        }
    }

    func fill(match: Int64, count: Int, toA: String, toB: String, firstAt: Int64) throws {
        try database.write { connection in
            try connection.prepare("""
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                INSERT INTO messages (match_id, seq, from_uid, to_uid, chat, created_at)
                SELECT ?, i, CASE i % 2 WHEN 0 THEN ? ELSE ? END, CASE i % 2 WHEN 0 THEN ? ELSE ? END,
                       'message number ' || i || ' 스터디 얘기', ? + i FROM n
                """).run([.int(count), .integer(match), .text(toA), .text(toB), .text(toB), .text(toA), .integer(firstAt)])
        }
    }

    func connectionFigures() throws -> ConnectionFigures? { nil }

    func messageCount() throws -> Int {
        try database.read { try $0.prepare("SELECT count(*) FROM messages").first { $0.int(0) } } ?? 0
    }
}
