import Foundation
@testable import SLPSupport
import XCTest

final class PresenceLockTests: XCTestCase {
    func testALockIsSeenHeldOnlyOnceSomeoneHoldsIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("slp-presence-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("sender.lock").path
        XCTAssertFalse(PresenceLock.isHeld(path), "no file")
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        XCTAssertFalse(PresenceLock.isHeld(path), "nobody holds it")
        XCTAssertFalse(PresenceLock.isHeld(path), "looking takes nothing")
        // Held for the rest of this test process, as the push sender holds it for its life.
        XCTAssertTrue(PresenceLock.hold(path))
        XCTAssertTrue(PresenceLock.isHeld(path))
        XCTAssertFalse(PresenceLock.hold(path), "one holder")
    }
}
