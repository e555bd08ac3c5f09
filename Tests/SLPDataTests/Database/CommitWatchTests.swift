import Foundation
@testable import SLPData
import Synchronization
import XCTest

/// What wakes a waiter for other processes' commits on SQLite: writes to the database's own
/// files, not to the others that share its directory.
final class CommitWatchTests: TemporaryDirectoryTestCase {
    private func write(_ name: String) {
        XCTAssertTrue(FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: Data("x".utf8)))
    }

    /// The write queue's ticket counter (drawn before a write begins) and a log beside the
    /// database are no commit: the wait runs to its limit (before, each woke it at once).
    func testWritesToOtherFilesBesideTheDatabaseDoNotWakeIt() async {
        let watch = CommitWatch(databasePath: directory.appendingPathComponent("slp.sqlite").path)
        write("slp.sqlite" + WriteQueue.suffix)
        write("serve.log")
        let woken = await watch.wait(upTo: .milliseconds(200))
        XCTAssertFalse(woken)
    }

    /// A write to the `-wal` file, where every commit goes, wakes it.
    func testAWriteToTheWALWakesIt() async {
        let watch = CommitWatch(databasePath: directory.appendingPathComponent("slp.sqlite").path)
        write("serve.log")
        write("slp.sqlite-wal")
        let woken = await watch.wait(upTo: .seconds(60))
        XCTAssertTrue(woken)
    }

    /// Another connection's write transaction that keeps spilling pages into the `-wal` file for
    /// two seconds without committing: each spill is a write, but none a commit, so a waiter
    /// looks at a bounded pace (before, every write started its quick looks again).
    func testALongWriteThatNeverCommitsIsLookedAtSparingly() async throws {
        let path = path()
        let waiter = try Database(path: path)
        let setUp = try Connection(path: path)
        try setUp.execute("CREATE TABLE filler (bytes BLOB)")
        let token = try waiter.dataVersion()
        let stop = Atomic<Bool>(false)
        let writing = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        let failure = Mutex<String?>(nil)
        Thread {
            defer { finished.signal() }
            do {
                let writer = try Connection(path: path)
                // A cache of a few pages: every insert spills pages into the -wal file.
                try writer.execute("PRAGMA cache_size = 4; BEGIN IMMEDIATE")
                writing.signal()
                // A row a millisecond (the pause spares the disk, not a wait for anything).
                while !stop.load(ordering: .relaxed) {
                    try writer.execute("INSERT INTO filler VALUES (randomblob(8192))")
                    usleep(1_000)
                }
                try writer.execute("ROLLBACK")
            } catch {
                failure.withLock { $0 = "\(error)" }
                writing.signal()
            }
        }.start()
        writing.wait()
        let before = waiter.changeLooks
        let version = try await waiter.waitForChange(after: token, upTo: .seconds(2))
        let looks = waiter.changeLooks - before
        stop.store(true, ordering: .relaxed)
        finished.wait()
        XCTAssertNil(failure.withLock { $0 })
        XCTAssertEqual(version, token, "nothing was committed")
        // Its schedule: about 10 quick looks, then one each 32 ms at most (about 75 in all); at
        // every write, it was 3,000.
        XCTAssertLessThanOrEqual(looks, 100, "looks at data_version during 2 s of writes")
    }
}
