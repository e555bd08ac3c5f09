import Foundation
@testable import SLPData
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
}
