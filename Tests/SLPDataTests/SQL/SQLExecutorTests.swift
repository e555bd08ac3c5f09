import Foundation
@testable import SLPData
#if PostgreSQL
import SLPPrivateCluster
#endif
import XCTest

/// slp's shared SQL runs the same on both backends: parameters bound by number wherever they
/// stand (and as often as they appear), every kind of value round trips, a statement says how many
/// rows it changed, and rows are read by column name wherever the column stands. (A name a
/// statement does not return is a bug in slp that stops it; it is not tested by crashing.)
final class SQLExecutorTests: TemporaryDirectoryTestCase {
    /// Runs the checks on `connection`; `table` creates the temporary table `box (n, r, t, b)` of
    /// integer, real, text and boolean columns, and `yes` is the dialect's true.
    private func check<Executor: SQLExecutor>(_ connection: Executor, table: String, yes: String) throws {
        // Out of order, and one of them twice.
        let swapped = try connection.first("SELECT $2 AS second, $1 AS first, $1 AS again", [.text("a"), .text("b")]) {
            [$0.text("first"), $0.text("second"), $0.text("again")]
        }
        XCTAssertEqual(swapped, ["a", "b", "a"], "\(Executor.dialect)")

        try connection.run(table, [])
        let rows: [[SQLValue]] = [
            [.integer(Int64.max), .real(-1.5), .text("it's $1 ?1 \"새싹\""), .bool(true)],
            [.integer(Int64.min), .real(.pi), .text(""), .bool(false)],
            [.int(7), .null, .null, .null],
        ]
        for row in rows {
            XCTAssertEqual(try connection.run("INSERT INTO box (b, t, r, n) VALUES ($4, $3, $2, $1)", row), 1, "\(Executor.dialect)")
        }
        // Read by name, in another order than the statement lists them.
        let read = try connection.map("SELECT t, b, n, r FROM box ORDER BY n DESC", []) { row in
            [String(row.int64("n")), row.optionalText("t") ?? "∅", row.optionalInt64("n").map(String.init) ?? "∅",
             row.optionalText("r") == nil ? "∅" : String(row.double("r")), row.optionalText("b") == nil ? "∅" : String(row.bool("b"))]
        }
        XCTAssertEqual(read, [
            ["\(Int64.max)", "it's $1 ?1 \"새싹\"", "\(Int64.max)", "-1.5", "true"],
            ["7", "∅", "7", "∅", "∅"],
            ["\(Int64.min)", "", "\(Int64.min)", "\(Double.pi)", "false"],
        ], "\(Executor.dialect)")
        XCTAssertEqual(try connection.first("SELECT count(*) AS rows FROM box WHERE b = $1", [.bool(true)]) { $0.int("rows") }, 1)
        XCTAssertEqual(try connection.run("UPDATE box SET t = $1 WHERE n > $2", [.text("x"), .int(0)]), 2, "\(Executor.dialect)")
        XCTAssertEqual(try connection.run("DELETE FROM box WHERE n = $1", [.int(12345)]), 0)
        XCTAssertNil(try connection.first("SELECT n FROM box WHERE n = $1", [.int(12345)]) { $0.int64("n") })
        // A statement run again (kept prepared) reads its columns by name again, for other values.
        for value in 1...3 {
            XCTAssertEqual(try connection.first("SELECT $1 AS value, \(yes) AS yes", [.int(value)]) { [$0.int("value"), $0.bool("yes") ? 1 : 0] }, [value, 1])
        }
    }

    func testSQLiteRunsTheSharedSQL() throws {
        let connection = try Connection(path: path("plain.db"))
        try check(connection, table: "CREATE TEMP TABLE box (n INTEGER, r REAL, t TEXT, b INTEGER)", yes: "1")
    }

    #if PostgreSQL
    func testPostgreSQLRunsTheSharedSQL() throws {
        let connection = try PGConnection(uri: try PrivateCluster.shared().freshDatabase())
        try check(connection, table: "CREATE TEMP TABLE box (n bigint, r double precision, t text, b boolean)", yes: "true")
    }
    #endif
}
