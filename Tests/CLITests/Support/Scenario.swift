import Foundation
import XCTest

/// A few people using one store through the binary: the steps most tests begin with
/// (register, queue, match), each checked to succeed.
struct Scenario {
    var slp: SLPBinary

    init(database: String, now: String = "2026-11-21T09:30:00.000Z") {
        slp = SLPBinary(database: database, now: now)
    }

    @discardableResult
    func run(_ arguments: String..., stdin: String? = nil) throws -> SLPBinary.Result {
        try slp.run(arguments, stdin: stdin)
    }

    /// Registers someone born in 1995 and returns their uid.
    func register(_ phone: String, _ nick: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try slp.run(["register", "--phone", phone, "--nick", nick, "--birth", "1995-05-05", "--email", "x@example.com", "--gender", "female"])
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    /// Puts `uid` in the queue near the SeSAC campus.
    func queue(_ uid: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try slp.run(["queue", "--as", uid, "--lat", "37.517819", "--long", "126.886473", "--study", "swift"])
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
    }

    /// Matches `a` and `b`: both queue, `a` asks, `b` accepts.
    func match(_ a: String, _ b: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try queue(a, file: file, line: line)
        try queue(b, file: file, line: line)
        let requested = try slp.run(["match", "request", b, "--as", a])
        XCTAssertEqual(requested.status, 0, requested.stderr, file: file, line: line)
        let accepted = try slp.run(["match", "accept", a, "--as", b])
        XCTAssertEqual(accepted.status, 0, accepted.stderr, file: file, line: line)
    }

    /// The events of `uid` stored so far, as JSON objects.
    func events(of uid: String, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        let result = try slp.run(["--json", "events", "--as", uid, "--since", "0", "--once"])
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        return try result.stdout.split(separator: "\n").map { line in
            try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    /// Asserts `result` is the refusal `code` (exit 1) with SLP status `status`, one `Error:` line.
    static func assertRefused(
        _ result: SLPBinary.Result, _ code: String, _ status: Int?, exit: Int32 = 1, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(result.status, exit, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stdout, "", file: file, line: line)
        XCTAssertEqual(result.errorLines.count, 1, result.stderr, file: file, line: line)
        let error = try result.jsonError(file: file, line: line)
        XCTAssertEqual(error["code"] as? String, code, file: file, line: line)
        if let status {
            XCTAssertEqual(error["status"] as? Int, status, file: file, line: line)
        } else {
            XCTAssertTrue(error["status"] is NSNull, "status should be null: \(error)", file: file, line: line)
        }
    }
}
