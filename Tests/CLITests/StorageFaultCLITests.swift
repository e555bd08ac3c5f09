import Foundation
import XCTest

/// Damaged database files: refused with exit 65 and one line, never a crash, never "repaired".
final class StorageFaultCLITests: XCTestCase {
    private func makeDatabase(_ slp: SLPBinary) throws {
        XCTAssertEqual(try slp.run(["register", "--phone", "010-9100-0001", "--nick", "n", "--birth", "1995-05-05",
                                    "--email", "a@example.com", "--gender", "male"]).status, 0)
        XCTAssertEqual(try slp.run("seed", "--users", "300").status, 0)
    }

    func testTruncatedAndByteFlippedFilesAreRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("damaged.sqlite")
        let slp = SLPBinary(database: path)
        try makeDatabase(slp)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertGreaterThan(original.count, 16_384)

        // Header magic flipped: not a database at all.
        var flipped = original
        flipped[0] ^= 0xFF
        try flipped.write(to: URL(fileURLWithPath: path))
        let notDatabase = try slp.run("--json", "user", "show", "--as", "010-9100-0001")
        XCTAssertEqual(notDatabase.status, 65, notDatabase.stderr)
        XCTAssertEqual(notDatabase.errorLines.count, 1)
        XCTAssertEqual(try notDatabase.jsonError()["code"] as? String, "not_slp_database")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), flipped, "left untouched")

        // Truncated to its first pages: the schema is there, the data is not.
        let truncated = original.prefix(8_192)
        try Data(truncated).write(to: URL(fileURLWithPath: path))
        for arguments in [["user", "show", "--as", "010-9100-0001"], ["search", "--as", "010-9100-0001", "--lat", "37.5665", "--long", "126.978"]] {
            let result = try slp.run(arguments)
            XCTAssertTrue([65, 1].contains(result.status), "\(arguments): \(result.status) \(result.stderr)")
            XCTAssertEqual(result.errorLines.count, 1, result.stderr)
            XCTAssertFalse(result.stderr.contains("Fatal error"))
        }

        // Random bytes flipped in the middle of the data pages.
        var corrupted = original
        var random = SystemRandomNumberGenerator()
        for _ in 0..<64 { corrupted[Int.random(in: 8_192..<corrupted.count, using: &random)] ^= 0x5A }
        try corrupted.write(to: URL(fileURLWithPath: path))
        for arguments in [["user", "show", "--as", "010-9100-0001"], ["search", "--as", "010-9100-0001", "--lat", "37.5665", "--long", "126.978"],
                          ["seed", "--users", "10"]] {
            let result = try slp.run(arguments)
            XCTAssertTrue([0, 1, 65].contains(result.status), "\(arguments): \(result.status) \(result.stderr)")
            if result.status != 0 { XCTAssertEqual(result.errorLines.count, 1, result.stderr) }
            XCTAssertFalse(result.stderr.contains("Fatal error"))
        }
    }

    func testAPathThroughAFileIsAnIOError() throws {
        let directory = try TemporaryDirectory()
        try Data("x".utf8).write(to: URL(fileURLWithPath: directory.path("file")))
        let slp = SLPBinary(database: directory.path("file/inside.sqlite"))
        let result = try slp.run("user", "show", "--as", "010-1234-5678")
        XCTAssertEqual(result.status, 74)
        XCTAssertEqual(result.stderr, "Error: cannot use \(directory.path("file/inside.sqlite")) as a database: \(directory.path("file")) is not a directory\n")
    }
}
