#if PostgreSQL
import Foundation
@testable import SLPData
import SLPPrivateCluster
import XCTest

final class PGConnectionTests: XCTestCase {
    private var cluster: PrivateCluster!

    override func setUpWithError() throws {
        cluster = try PrivateCluster.shared()
    }

    func testStatementsTakeTheirValuesAsParametersAndReturnText() throws {
        let connection = try PGConnection(uri: cluster.url())
        let result = try connection.execute("SELECT $1::int + 1, $2::text, $3::text IS NULL", ["41", "it's; DROP TABLE x", nil])
        XCTAssertEqual(result.rowCount, 1)
        XCTAssertEqual([result.text(0, 0), result.text(0, 1), result.text(0, 2)], ["42", "it's; DROP TABLE x", "t"])
        XCTAssertEqual(try PGConnection(uri: cluster.url(database: "postgres")).target, "postgres on \(cluster.directory)")
    }

    func testAStatementRunAgainIsPreparedAndKeepsAnsweringForItsValues() throws {
        let connection = try PGConnection(uri: cluster.url())
        let sql = "SELECT $1::int * 2, (SELECT count(*) FROM pg_prepared_statements)"
        let answers = try (1...4).map { run in try connection.execute(sql, [run]).first { [$0.int(0), $0.int(1)] } }
        // Prepared on its second run, then reused: one prepared statement, right answers each time.
        XCTAssertEqual(answers, [[2, 0], [4, 1], [6, 1], [8, 1]])
        // A failed transaction leaves it usable.
        try connection.execute("BEGIN")
        XCTAssertThrowsError(try connection.execute("SELECT 1 / 0"))
        try connection.execute("ROLLBACK")
        XCTAssertEqual(try connection.execute(sql, [21]).first { $0.int(0) }, 42)
    }

    func testCopySendsAnyTextThroughUnchanged() throws {
        let connection = try PGConnection(uri: cluster.url())
        try connection.execute("CREATE TEMP TABLE copied (n bigint, t text, f float8, b boolean)")
        let texts = ["tab\there", "line\nbreak\r\nend", "back\\slash \\N", "", "새싹 스터디 \u{301}", "\\."]
        var rows = PGCopyText()
        for (index, text) in texts.enumerated() {
            rows.append(Int64(index))
            rows.append(Array(text.utf8)[...])
            rows.append(Double(index) / 3)
            rows.append(index % 2 == 0)
            rows.endRow()
        }
        var sent = false
        try connection.copy("COPY copied FROM STDIN") {
            defer { sent = true }
            return sent ? nil : rows.bytes
        }
        let read = try connection.execute("SELECT t, f, b FROM copied ORDER BY n").map { [$0.text(0), String($0.double(1)), String($0.bool(2))] }
        XCTAssertEqual(read, texts.enumerated().map { [$1, String(Double($0) / 3), String($0 % 2 == 0)] })
    }

    func testErrorsAreSortedForRetriesAndExitCodes() throws {
        let connection = try PGConnection(uri: cluster.url())
        try connection.execute("CREATE TEMP TABLE t (k int PRIMARY KEY)")
        try connection.execute("INSERT INTO t VALUES (1)")
        XCTAssertThrowsError(try connection.execute("INSERT INTO t VALUES (1)")) { error in
            XCTAssertEqual((error as? PGError)?.kind, .constraint)
            XCTAssertEqual((error as? PGError)?.sqlState, "23505")
        }
        XCTAssertThrowsError(try connection.execute("SET statement_timeout = 10; SELECT pg_sleep(1)")) { error in
            XCTAssertNotNil(error as? PGError)
        }
        try connection.execute("SET statement_timeout = 10")
        XCTAssertThrowsError(try connection.execute("SELECT pg_sleep(1)")) { XCTAssertEqual(($0 as? PGError)?.kind, .timeout) }
        XCTAssertEqual(PGError.kind(of: "40001"), .conflict)
        XCTAssertEqual(PGError.kind(of: "40P01"), .conflict)
    }

    func testConnectionFailuresNameTheDatabaseAndHostNeverThePassword() throws {
        let wrong = "not-the-" + cluster.password
        let cases = [
            (cluster.url(password: wrong), "postgres on \(cluster.directory)"),
            (cluster.url(database: "nowhere"), "nowhere on \(cluster.directory)"),
            ("postgresql:///slp?host=/tmp/no-such-socket-dir&user=slp&password=\(wrong)&connect_timeout=2", "slp on /tmp/no-such-socket-dir"),
        ]
        for (uri, target) in cases {
            XCTAssertThrowsError(try PGConnection(uri: uri)) { error in
                let error = error as? PGError
                XCTAssertEqual(error?.kind, .connection)
                let message = error?.message ?? ""
                XCTAssertTrue(message.hasPrefix("cannot connect to PostgreSQL database \(target): "), message)
                XCTAssertFalse(message.contains(wrong) || message.contains(self.cluster.password), message)
                XCTAssertFalse(message.contains("\n"))
            }
        }
    }
}
#endif
