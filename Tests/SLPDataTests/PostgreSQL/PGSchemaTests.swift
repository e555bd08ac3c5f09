#if PostgreSQL
import Foundation
@testable import SLPData
import SLPPrivateCluster
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

    func testADatabaseOfVersionOneIsMigratedWithItsWaitingUsersFoundAsBefore() throws {
        // Version 1 as a binary of issue 20 left it: 300 people waiting.
        let admin = try PGConnection(uri: uri)
        try admin.execute("CREATE SCHEMA slp")
        try admin.execute("CREATE TABLE slp.meta (application text NOT NULL, version integer NOT NULL)")
        try admin.execute("INSERT INTO slp.meta VALUES ('slp', 1)")
        try admin.executeScript(PGSchema.migrations[0].sql)
        try admin.executeScript("""
            INSERT INTO slp.users (uid, phone, email, nick, birth, gender, created_at)
            SELECT 'U' || i, '+8210' || (10000000 + i), 'e@x.kr', 'n' || i, '2000-01-01', 0, 0 FROM generate_series(1, 300) AS i;
            INSERT INTO slp.queue (user_id, cell, lat, long, traits, card, uid, studies, study_keys, entered_at)
            SELECT id, 7, 37.5, 127.0, 0, 'card', uid, 'swift', '["swift"]', 0 FROM slp.users
            """)
        _ = try PGDatabase(uri: uri)
        XCTAssertEqual(try scalar("SELECT version FROM slp.meta"), String(PGSchema.currentVersion))
        XCTAssertEqual(try scalar("SELECT count(*) FROM slp.queue WHERE cell = 7"), "300")
        XCTAssertEqual(try scalar("SELECT to_regclass('slp.queue_by_cell') IS NULL AND to_regclass('slp.queue_nearby') IS NOT NULL"), "t")
        XCTAssertEqual(try scalar("SELECT collation_name FROM information_schema.columns WHERE table_schema = 'slp' AND table_name = 'users' AND column_name = 'uid'"), "C")
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
