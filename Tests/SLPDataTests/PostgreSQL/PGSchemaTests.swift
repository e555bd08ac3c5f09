#if PostgreSQL
import Foundation
@testable import SLPData
import SLPDomain
import SLPPrivateCluster
import SLPTestSupport
import XCTest

final class PGSchemaTests: XCTestCase {
    private var uri: String!

    override func setUpWithError() throws {
        uri = try PrivateCluster.shared().freshDatabase()
    }

    private func scalar(_ sql: String) throws -> String? {
        try PGConnection(uri: uri).execute(sql).text(0, 0)
    }

    /// The schema `slp` of database `uri` as an slp at `version` left it, without rows.
    private func makeSchema(version: Int, in uri: String) throws -> PGConnection {
        let admin = try PGConnection(uri: uri)
        try admin.execute("CREATE SCHEMA slp")
        try admin.execute("CREATE TABLE slp.meta (application text NOT NULL, version integer NOT NULL)")
        try admin.execute("INSERT INTO slp.meta VALUES ('slp', $1)", [version])
        for step in 1...version { try admin.executeScript(try XCTUnwrap(migrationSQL(version: step, for: .postgreSQL))) }
        return admin
    }

    /// Everything the schema `slp` of database `uri` holds: columns, indexes, constraints and sequences.
    private func catalog(of uri: String) throws -> [String] {
        try PGConnection(uri: uri).execute("""
            SELECT concat_ws(' ', 'column', table_name, ordinal_position, column_name, data_type, is_nullable, column_default, collation_name)
                FROM information_schema.columns WHERE table_schema = 'slp'
            UNION ALL SELECT concat_ws(' ', 'index', indexname, indexdef) FROM pg_indexes WHERE schemaname = 'slp'
            UNION ALL SELECT concat_ws(' ', 'constraint', conrelid::regclass, conname, pg_get_constraintdef(oid))
                FROM pg_constraint WHERE connamespace = 'slp'::regnamespace
            UNION ALL SELECT concat_ws(' ', 'sequence', sequence_name, data_type) FROM information_schema.sequences WHERE sequence_schema = 'slp'
            ORDER BY 1
            """).map { $0.text(0) }
    }

    /// A database of any earlier version, opened, ends in exactly the schema of a new one.
    func testADatabaseOfEveryEarlierVersionEndsInTheSchemaOfANewOne() throws {
        _ = try PGDatabase(uri: uri)
        let new = try catalog(of: uri)
        XCTAssertTrue(new.contains { $0.hasPrefix("index users_penalty_due ") }, "\(new)")
        for version in 1..<PGSchema.currentVersion {
            let old = try PrivateCluster.shared().freshDatabase()
            _ = try makeSchema(version: version, in: old)
            _ = try PGDatabase(uri: old)
            XCTAssertEqual(try PGConnection(uri: old).execute("SELECT version FROM slp.meta").text(0, 0), String(PGSchema.currentVersion))
            XCTAssertEqual(try catalog(of: old), new, "version \(version)")
        }
    }

    func testEightProcessesStartingOnAnEmptyDatabaseAllSucceedAndMakeItOnce() throws {
        let uri = self.uri!
        nonisolated(unsafe) var failures: [String] = []
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            do {
                _ = try PGDatabase(uri: uri)
            } catch {
                lock.withLock { failures.append("\(error)") }
            }
        }
        XCTAssertEqual(failures, [])
        XCTAssertEqual(try scalar("SELECT application || ' ' || version FROM slp.meta"), "slp \(PGSchema.currentVersion)")
        XCTAssertEqual(try scalar("SELECT count(*) FROM slp.meta"), "1")
        XCTAssertEqual(try scalar("SELECT to_regclass('slp.users') IS NOT NULL"), "t")
    }

    func testADatabaseOfVersionOneIsMigratedWithItsWaitingUsersStillWaiting() throws {
        // Version 1 as a binary of issue 20 left it: 300 people waiting.
        let admin = try makeSchema(version: 1, in: uri)
        try admin.executeScript("""
            INSERT INTO slp.users (uid, phone, email, nick, birth, gender, created_at)
            SELECT 'U' || i, '+8210' || (10000000 + i), 'e@x.kr', 'n' || i, '2000-01-01', 0, 0 FROM generate_series(1, 300) AS i;
            INSERT INTO slp.queue (user_id, cell, lat, long, traits, card, uid, studies, study_keys, entered_at)
            SELECT id, 7, 37.5, 127.0, 0, 'card', uid, 'swift', '["swift"]', 0 FROM slp.users
            """)
        _ = try PGDatabase(uri: uri)
        XCTAssertEqual(try scalar("SELECT version FROM slp.meta"), String(PGSchema.currentVersion))
        // The rebuild wrote every waiting user's row anew: the cell of their place, their card, and
        // where the API shows them: all 300 stand at one place, and are shown at the point of its cell.
        XCTAssertEqual(try scalar("""
            SELECT count(*) FROM slp.queue WHERE cell = \(SpatialGrid.cell(.at(37.5, 127.0))) AND card <> 'card'
                AND shown >= 0
            """), "300")
        XCTAssertEqual(try scalar("SELECT count(DISTINCT (shown_lat, shown_long)) FROM slp.queue"), "1")
        let shown = try XCTUnwrap(try scalar("SELECT shown_lat || ' ' || shown_long FROM slp.queue LIMIT 1")).split(separator: " ").compactMap { Double($0) }
        XCTAssertEqual(PlaceCell(containing: .at(shown[0], shown[1])), PlaceCell(containing: .at(37.5, 127.0)))
        XCTAssertEqual(try scalar("SELECT to_regclass('slp.queue_by_cell') IS NULL AND to_regclass('slp.queue_nearby') IS NOT NULL"), "t")
        XCTAssertEqual(try scalar("SELECT collation_name FROM information_schema.columns WHERE table_schema = 'slp' AND table_name = 'users' AND column_name = 'uid'"), "C")
    }

    /// Version 3 drops `reported_num`: a database of version 2 keeps its reports, and they
    /// count (and bar from the queue) whatever the old column said.
    func testADatabaseOfVersionTwoKeepsCountingItsReports() throws {
        let admin = try makeSchema(version: 2, in: uri)
        try admin.executeScript("""
            INSERT INTO slp.users (id, uid, phone, email, nick, birth, gender, reported_num, created_at) VALUES
                (1, 'Reported', '+821000000001', 'o@example.com', 'reported', '1990-05-05', 1, 1, 1763000000123),
                (2, 'R1', '+821000000002', 'o@example.com', 'r1', '1990-05-05', 1, 0, 1763000000123),
                (3, 'R2', '+821000000003', 'o@example.com', 'r2', '1990-05-05', 1, 0, 1763000000123),
                (4, 'R3', '+821000000004', 'o@example.com', 'r3', '1990-05-05', 1, 0, 1763000000123),
                (5, 'Quiet', '+821000000005', 'o@example.com', 'quiet', '1990-05-05', 1, 5, 1763000000123);
            SELECT setval(pg_get_serial_sequence('slp.users', 'id'), 5);
            INSERT INTO slp.reports (reporter_id, reported_id, reason, comment, created_at)
                VALUES (2, 1, 'rude', '', 1763000000200), (3, 1, 'abuse', 'x', 1763000000300), (4, 1, 'other', '', 1763000000400)
            """)
        let storage = PGStorage(database: try PGDatabase(uri: uri))
        XCTAssertEqual(try scalar("SELECT version FROM slp.meta"), String(PGSchema.currentVersion))
        XCTAssertEqual(try scalar("SELECT count(*) FROM information_schema.columns WHERE table_schema = 'slp' AND table_name = 'users' AND column_name = 'reported_num'"), "0")
        XCTAssertEqual(try storage.read { try $0.user(UserID("Reported")) }?.reportedCount, 3)
        XCTAssertEqual(try storage.read { try $0.user(UserID("Quiet")) }?.reportedCount, 0, "the old column is not read")
        let enter = EnterQueueUseCase(storage: storage, clock: StoppedClock(testNow))
        XCTAssertThrowsError(try enter(me: UserID("Reported"), latitude: 37.5, longitude: 127, studies: [])) {
            XCTAssertEqual($0 as? DomainError, .reported)
        }
        try WithdrawUserUseCase(storage: storage, clock: StoppedClock(testNow))(me: UserID("R2"))
        XCTAssertEqual(try storage.read { try $0.user(UserID("Reported")) }?.reportedCount, 2)
        XCTAssertEqual(try enter(me: UserID("Reported"), latitude: 37.5, longitude: 127, studies: []).uid.rawValue, "Reported")
    }

    func testAForeignOrNewerSlpSchemaIsRefusedUntouched() throws {
        let admin = try PGConnection(uri: uri)
        try admin.execute("CREATE SCHEMA slp")
        try admin.execute("CREATE TABLE slp.theirs (x int)")
        XCTAssertThrowsError(try PGDatabase(uri: uri)) { error in
            guard case .foreign(let target)? = error as? PGSchemaError else { return XCTFail("\(error)") }
            XCTAssertTrue((error as? PGSchemaError)?.message.hasPrefix("the schema slp of PostgreSQL database \(target) is not slp's") == true)
        }
        XCTAssertEqual(try scalar("SELECT to_regclass('slp.theirs') IS NOT NULL"), "t")
        XCTAssertEqual(try scalar("SELECT to_regclass('slp.users') IS NULL"), "t")

        try admin.execute("DROP SCHEMA slp CASCADE")
        _ = try PGDatabase(uri: uri)
        try admin.execute("UPDATE slp.meta SET version = 99")
        XCTAssertThrowsError(try PGDatabase(uri: uri)) { error in
            guard case .newer(_, let found, let known)? = error as? PGSchemaError else { return XCTFail("\(error)") }
            XCTAssertEqual(found, 99)
            XCTAssertEqual(known, PGSchema.currentVersion)
        }
        XCTAssertEqual(try scalar("SELECT version FROM slp.meta"), "99")
    }

    func testAWriteThatThrowsLeavesNothingAndOneThatReturnsIsCommitted() throws {
        let database = try PGDatabase(uri: uri)
        struct Refused: Error {}
        let insert = "INSERT INTO slp.users (uid, phone, email, nick, birth, gender, created_at) VALUES ($1, $2, 'e@x.kr', 'n', '2000-01-01', 0, 0)"
        XCTAssertThrowsError(try database.write { connection in
            try connection.execute(insert, ["A", "+821000000001"])
            throw Refused()
        })
        try database.write { try $0.execute(insert, ["B", "+821000000002"]) }
        XCTAssertEqual(try database.read { try $0.execute("SELECT string_agg(uid, ',') FROM slp.users").text(0, 0) }, "B")
    }
}
#endif
