import Foundation
import SLPData
import SLPDomain
import XCTest

/// Collects results from several threads.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [String] = []
    private var versions: [Int64] = []

    func record(error: String) { lock.withLock { errors.append(error) } }
    func record(version: Int64) { lock.withLock { versions.append(version) } }
    var snapshot: (errors: [String], versions: [Int64]) { lock.withLock { (errors, versions) } }
}

final class MigrationTests: TemporaryDirectoryTestCase {
    private let threadCount = 8

    /// Starts `threadCount` threads that all open `file` at the same moment and register one user each.
    private func openConcurrently(_ file: String) -> (errors: [String], versions: [Int64]) {
        let results = Results()
        let ready = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for index in 0..<threadCount {
            done.enter()
            let thread = Thread {
                defer { done.leave() }
                ready.signal()
                go.wait()
                do {
                    // Database is not Sendable: each thread makes its own.
                    let database = try Database(path: file)
                    let version = try database.connection.integer("PRAGMA user_version") ?? -1
                    results.record(version: version)
                    let user = User(
                        uid: try UserID("T\(index)"), phone: try PhoneNumber("010-0000-000\(index)"),
                        email: try Email("t\(index)@example.com"), nick: try Nick("thread \(index)"),
                        birth: BirthDate(stored: try CalendarDate(year: 2000, month: 1, day: 1)), gender: .male,
                        createdAt: Date(timeIntervalSince1970: 1_763_000_000))
                    try SQLiteUserRepository(database: database).add(user)
                } catch {
                    results.record(error: "thread \(index): \(error)")
                }
            }
            thread.start()
        }
        for _ in 0..<threadCount { ready.wait() }
        for _ in 0..<threadCount { go.signal() }
        done.wait()
        return results.snapshot
    }

    func testConcurrentOpenersOfABrandNewFileAllSucceedAndMigrateOnce() throws {
        // Several rounds, each on a brand-new path, to give races a chance to show.
        for round in 0..<5 {
            let file = path("round\(round)/slp.sqlite")
            let results = openConcurrently(file)
            XCTAssertEqual(results.errors, [], "round \(round)")
            XCTAssertEqual(results.versions, Array(repeating: currentSchemaVersion, count: threadCount), "round \(round)")

            let database = try Database(path: file)
            let connection = database.connection
            XCTAssertEqual(try connection.integer("PRAGMA user_version"), currentSchemaVersion)
            XCTAssertEqual(try connection.integer("PRAGMA application_id"), 0x534C_5031)
            XCTAssertEqual(try connection.string("PRAGMA journal_mode"), "wal")
            let tables = try connection.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").map { $0.text(0) }
            XCTAssertTrue(Set(tables).isSuperset(of: ["review_comments", "user_items", "users"]), "round \(round): \(tables)")
            XCTAssertEqual(try connection.integer("SELECT count(*) FROM users"), Int64(threadCount), "round \(round)")
            XCTAssertEqual(try permissions(file), 0o600)
            XCTAssertEqual(try permissions(path("round\(round)")), 0o700)
        }
    }

    func testOpeningAnUpToDateDatabaseRunsNoMigration() throws {
        let file = path()
        do {
            let database = try Database(path: file)
            try database.write { try $0.execute("CREATE TABLE marker (x INTEGER); INSERT INTO marker VALUES (1);") }
        }
        // Were a migration run again, its CREATE TABLE would fail.
        let reopened = try Database(path: file)
        XCTAssertEqual(try reopened.connection.integer("SELECT x FROM marker"), 1)
        XCTAssertEqual(try reopened.connection.integer("PRAGMA user_version"), currentSchemaVersion)
    }

    func testOurHeaderWithVersionZeroIsMigrated() throws {
        // A creator that stopped after writing the application id (the migration transaction rolled back).
        let file = path()
        do {
            let half = try Connection(path: file)
            try half.execute("PRAGMA application_id = \(0x534C_5031)")
        }
        let database = try Database(path: file)
        XCTAssertEqual(try database.connection.integer("PRAGMA user_version"), currentSchemaVersion)
        XCTAssertEqual(try database.connection.integer("SELECT count(*) FROM users"), 0)
    }

    func testAVersionOneFileIsMigratedToTheCurrentVersionKeepingItsUsers() throws {
        let file = path()
        do {
            let old = try Connection(path: file)
            try old.execute("PRAGMA journal_mode = WAL; PRAGMA application_id = \(0x534C_5031);")
            try old.execute(try XCTUnwrap(migrationSQL(version: 1)))
            try old.execute("""
                INSERT INTO users (uid, phone, email, nick, birth, gender, created_at)
                    VALUES ('Old1', '+821012345678', 'old@example.com', 'old', '1990-05-05', 1, 1763000000123);
                PRAGMA user_version = 1;
                """)
        }
        let database = try Database(path: file)
        XCTAssertEqual(try database.connection.integer("PRAGMA user_version"), currentSchemaVersion)
        let user = try XCTUnwrap(try SQLiteUserRepository(database: database).user(uid: try UserID("Old1")))
        XCTAssertEqual(user.phone.e164, "+821012345678")
        XCTAssertEqual(user.birth.date.description, "1990-05-05")
        XCTAssertEqual(user.createdAt, Date(timeIntervalSince1970: 1_763_000_000.123))
    }
}
