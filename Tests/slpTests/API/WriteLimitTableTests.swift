import Foundation
import XCTest

@testable import slp

/// The shared table of write buckets: a bucket per user and kind whichever process (here: whichever
/// opener) takes from it, never one for two users, a full window forgets the user who loses
/// least, and a file that is not such a table is refused and left as it is.
final class WriteLimitTableTests: XCTestCase {
    private var directory: URL!
    private let now: Int64 = 7_000_000_000_000
    private let second: Int64 = 1_000_000_000

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("slp-write-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    private var path: String { directory.appendingPathComponent("write-limits").path }

    /// Takes `count` writes at `time`; how many were granted.
    private func granted(_ table: WriteLimitTable, _ kind: WriteKind, _ uid: String, _ count: Int, at time: Int64) -> Int {
        (0..<count).filter { _ in table.take(kind, uid: uid, now: time) == nil }.count
    }

    func testAMissingFileIsMadeATableOnlyItsOwnerReads() throws {
        let table = try WriteLimitTable(path: path)
        XCTAssertNil(table.take(.chat, uid: "a", now: now))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        XCTAssertEqual(attributes[.size] as? Int, WriteLimitTable.headerSize + 8_192 * WriteLimitTable.slotSize)
        XCTAssertEqual(attributes[.posixPermissions] as? Int, 0o600)
    }

    func testEachUserAndKindHasABucketOfItsOwn() throws {
        let table = try WriteLimitTable(path: path)
        XCTAssertEqual(granted(table, .chat, "alice", 25, at: now), 20)
        XCTAssertEqual(table.take(.chat, uid: "alice", now: now), 200_000_000, "a token back in one interval")
        XCTAssertEqual(granted(table, .other, "alice", 15, at: now), 10, "other writes: a bucket of their own")
        XCTAssertEqual(granted(table, .chat, "bob", 25, at: now), 20, "another user: untouched")
        let long = String(repeating: "a", count: 64)
        XCTAssertEqual(granted(table, .chat, long, 25, at: now), 20)
        XCTAssertEqual(granted(table, .chat, String(long.dropLast()), 25, at: now), 20, "a uid one letter shorter: another user")
    }

    func testEveryOpenerOfTheFileTakesFromTheSameBuckets() throws {
        let one = try WriteLimitTable(path: path), other = try WriteLimitTable(path: path)
        XCTAssertEqual(granted(one, .other, "alice", 6, at: now), 6)
        XCTAssertEqual(granted(other, .other, "alice", 6, at: now), 4)
        XCTAssertEqual(granted(one, .other, "alice", 1, at: now), 0)
        XCTAssertEqual(granted(other, .other, "alice", 1, at: now + second / 2), 1, "refilled for both")
    }

    func testAFullWindowForgetsAnIdleUserAndKeepsTheBusyOnes() throws {
        // Four slots, every user in the one window.
        let table = try WriteLimitTable(path: path, slotCount: 4, window: 4)
        for uid in ["u1", "u2", "u3"] { XCTAssertEqual(granted(table, .chat, uid, 20, at: now), 20) }
        XCTAssertEqual(granted(table, .other, "u4", 1, at: now), 1)
        // Half a second on: u4's bucket is full again, the others are still being refilled.
        let later = now + second / 2
        XCTAssertEqual(granted(table, .chat, "u5", 25, at: later), 20)
        for uid in ["u1", "u2", "u3"] { XCTAssertEqual(granted(table, .chat, uid, 4, at: later), 2, "\(uid) kept: 2 tokens back") }
        XCTAssertEqual(granted(table, .chat, "u5", 1, at: later), 0, "u5 kept")
    }

    func testAWindowOfBusyUsersForgetsTheOneNearestFull() throws {
        let table = try WriteLimitTable(path: path, slotCount: 4, window: 4)
        for (uid, count) in [("u1", 20), ("u2", 5), ("u3", 20), ("u4", 20)] { XCTAssertEqual(granted(table, .chat, uid, count, at: now), count) }
        XCTAssertEqual(granted(table, .chat, "u5", 1, at: now), 1)
        XCTAssertEqual(granted(table, .chat, "u2", 25, at: now), 20, "u2 forgotten: a full bucket again")
        for uid in ["u1", "u3", "u4"] { XCTAssertEqual(granted(table, .chat, uid, 1, at: now), 0, "\(uid) kept") }
    }

    func testAFileOfAnotherSizeOrKindIsRefusedAndLeftAsItIs() throws {
        let size = WriteLimitTable.headerSize + 8_192 * WriteLimitTable.slotSize
        for contents in [Data("not a table".utf8), Data(repeating: 0x78, count: size)] {
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: contents))
            XCTAssertThrowsError(try WriteLimitTable(path: path))
            XCTAssertEqual(FileManager.default.contents(atPath: path), contents)
        }
        XCTAssertThrowsError(try WriteLimitTable(path: directory.path), "a directory")
    }
}
