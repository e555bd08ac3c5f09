import Foundation
import SLPData
import Synchronization
import XCTest

/// The storage side of `slp backup` on SQLite: one consistent snapshot while another connection
/// writes, a copy checked before it has its name, and nothing left behind when it cannot be made.
final class DatabaseBackupTests: TemporaryDirectoryTestCase {
    private var database: Database!

    override func setUpWithError() throws {
        try super.setUpWithError()
        database = try Database(path: path())
        // Rows large enough that the copy takes a few hundred steps of one page.
        try database.write { connection in
            try connection.execute("CREATE TABLE filler (id INTEGER PRIMARY KEY, body BLOB NOT NULL)")
            for _ in 0..<300 { try connection.prepare("INSERT INTO filler (body) VALUES (randomblob(16000))").run() }
        }
    }

    override func tearDownWithError() throws {
        database = nil
        try super.tearDownWithError()
    }

    /// Another connection commits a row after every step: the copy still ends (a backup that
    /// restarted at each change would copy forever) and holds exactly the rows of one moment,
    /// no fewer than were there when it began.
    func testCopyOfOneSnapshotEndsWhileAnotherConnectionWritesThroughout() throws {
        let stop = Atomic<Bool>(false)
        let written = Atomic<Int>(0)
        let done = DispatchSemaphore(value: 0)
        let databasePath = path()
        Thread {
            defer { done.signal() }
            guard let writer = try? Database(path: databasePath) else { return }
            while !stop.load(ordering: .relaxed) {
                guard (try? writer.write({ try $0.prepare("INSERT INTO filler (body) VALUES (randomblob(100))").run() })) != nil else { return }
                written.add(1, ordering: .relaxed)
            }
        }.start()
        let before = try XCTUnwrap(database.integer("SELECT max(id) FROM filler"))
        let copy = try DatabaseBackup(pagesPerStep: 1, pause: .milliseconds(1)).write(database, to: path("copy.sqlite"))
        stop.store(true, ordering: .relaxed)
        done.wait()
        XCTAssertGreaterThan(written.load(ordering: .relaxed), 0, "the writer committed during the copy")

        let copied = try Database(path: copy.path, creation: .none)
        XCTAssertEqual(try copied.string("PRAGMA integrity_check"), "ok")
        let count = try copied.integer("SELECT count(*) FROM filler")
        let last = try XCTUnwrap(copied.integer("SELECT max(id) FROM filler"))
        XCTAssertGreaterThanOrEqual(last, before)
        XCTAssertEqual(count, last, "rows 1 through the last, none missing")
        XCTAssertEqual(copy.schemaVersion, Int(try XCTUnwrap(copied.integer("PRAGMA user_version"))))
        XCTAssertEqual(try copied.string("PRAGMA journal_mode"), "wal")
        XCTAssertEqual(try directoryListing().filter { $0.contains(".backup-") }, [])
    }

    func testAFileAtTheBackupsPathIsRefusedAndLeftAsItWas() throws {
        let target = path("taken.sqlite")
        try Data("someone's file".utf8).write(to: URL(fileURLWithPath: target))
        XCTAssertThrowsError(try DatabaseBackup().write(database, to: target)) { error in
            XCTAssertEqual(error as? BackupError, .exists(path: target))
        }
        XCTAssertEqual(try contents(target), Data("someone's file".utf8))
        XCTAssertEqual(try directoryListing().filter { $0.contains(".backup-") }, [])
    }

    func testADirectoryThatCannotTakeTheFileLeavesNothingBehind() throws {
        let target = path("missing/copy.sqlite")
        XCTAssertThrowsError(try DatabaseBackup().write(database, to: target)) { error in
            guard case .cannotWrite(let path, _) = error as? BackupError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, target)
        }
        XCTAssertEqual(try directoryListing().filter { !$0.hasPrefix("slp.sqlite") }, [])
    }
}
