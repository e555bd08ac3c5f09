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
        let admin = try PGConnection(uri: uri)
        try admin.execute("CREATE SCHEMA slp")
        try admin.execute("CREATE TABLE slp.meta (application text NOT NULL, version integer NOT NULL)")
        try admin.execute("INSERT INTO slp.meta VALUES ('slp', 1)")
        try admin.executeScript(try XCTUnwrap(migrationSQL(version: 1, for: .postgreSQL)))
        try admin.executeScript("""
            INSERT INTO slp.users (uid, phone, email, nick, birth, gender, created_at)
            SELECT 'U' || i, '+8210' || (10000000 + i), 'e@x.kr', 'n' || i, '2000-01-01', 0, 0 FROM generate_series(1, 300) AS i;
            INSERT INTO slp.queue (user_id, cell, lat, long, traits, card, uid, studies, study_keys, entered_at)
            SELECT id, 7, 37.5, 127.0, 0, 'card', uid, 'swift', '["swift"]', 0 FROM slp.users
            """)
        _ = try PGDatabase(uri: uri)
        XCTAssertEqual(try scalar("SELECT version FROM slp.meta"), String(PGSchema.currentVersion))
        // Version 6 wrote every waiting user's row anew: the cell of their place, their card, and
        // where the API shows them, 50 to 150 m away.
        XCTAssertEqual(try scalar("""
            SELECT count(*) FROM slp.queue WHERE cell = \(SpatialGrid.cell(.at(37.5, 127.0))) AND card <> 'card'
                AND shift >= 0
            """), "300")
        XCTAssertEqual(try scalar("SELECT to_regclass('slp.queue_by_cell') IS NULL AND to_regclass('slp.queue_nearby') IS NOT NULL"), "t")
        XCTAssertEqual(try scalar("SELECT collation_name FROM information_schema.columns WHERE table_schema = 'slp' AND table_name = 'users' AND column_name = 'uid'"), "C")
    }

    /// Version 3 drops `reported_num`: a database of version 2 keeps its reports, and they
    /// count (and bar from the queue) whatever the old column said.
    func testADatabaseOfVersionTwoKeepsCountingItsReports() throws {
        let admin = try PGConnection(uri: uri)
        try admin.execute("CREATE SCHEMA slp")
        try admin.execute("CREATE TABLE slp.meta (application text NOT NULL, version integer NOT NULL)")
        try admin.execute("INSERT INTO slp.meta VALUES ('slp', 2)")
        for version in 1...2 { try admin.executeScript(try XCTUnwrap(migrationSQL(version: version, for: .postgreSQL))) }
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
        try WithdrawUserUseCase(storage: storage)(me: UserID("R2"))
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
