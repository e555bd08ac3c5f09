import CSQLite
import Foundation
@testable import SLPData
import XCTest

final class StatementTests: TemporaryDirectoryTestCase {
    private var connection: Connection!

    override func setUpWithError() throws {
        try super.setUpWithError()
        connection = try Connection(path: path("plain.db"))
        // No declared type: values keep the storage class they were bound with.
        try connection.execute("CREATE TABLE box (id INTEGER PRIMARY KEY, value)")
    }

    override func tearDownWithError() throws {
        connection = nil
        try super.tearDownWithError()
    }

    /// Stores `value` and reads it back with its SQLite type.
    private func roundTrip<T>(_ value: SQLiteValue, _ read: (Row) -> T) throws -> (T, String)? {
        try connection.prepare("INSERT INTO box (value) VALUES (?)").run([value])
        let id = connection.lastInsertRowID
        return try connection.prepare("SELECT value, typeof(value) FROM box WHERE id = ?").first([.integer(id)]) {
            (read($0), $0.text(1))
        }
    }

    func testTextRoundTripsExactly() throws {
        let texts = [
            "it's a \"quoted\" value; DROP TABLE box;--",
            "x');DROP--",
            "새싹 스터디",
            "새싹".decomposedStringWithCanonicalMapping,
            "👩‍💻🇰🇷❤️ emoji",
            "tab\tnewline\nend",
            "",
            String(repeating: "가", count: 10_000),
        ]
        for text in texts {
            let stored = try XCTUnwrap(try roundTrip(.text(text)) { $0.text(0) })
            XCTAssertEqual(Array(stored.0.unicodeScalars), Array(text.unicodeScalars))
            XCTAssertEqual(stored.1, "text")
        }
        XCTAssertEqual(try connection.integer("SELECT count(*) FROM box"), Int64(texts.count))
        XCTAssertEqual(try connection.string("SELECT name FROM sqlite_schema"), "box")
    }

    func testIntegersAtInt64Bounds() throws {
        for value in [Int64.min, Int64.min + 1, -1, 0, 1, Int64(Int32.max) + 1, Int64.max] {
            let stored = try XCTUnwrap(try roundTrip(.integer(value)) { $0.int64(0) })
            XCTAssertEqual(stored.0, value)
            XCTAssertEqual(stored.1, "integer")
        }
        XCTAssertEqual(try roundTrip(.int(42)) { $0.int(0) }?.0, 42)
        XCTAssertEqual(try roundTrip(.bool(true)) { $0.bool(0) }?.0, true)
        XCTAssertEqual(try roundTrip(.bool(false)) { $0.bool(0) }?.0, false)
        XCTAssertEqual(try roundTrip(.optionalInt(7)) { $0.optionalInt64(0) }?.0, 7)
    }

    func testDoubles() throws {
        for value in [0.0, -1.5, .pi, 1e-300, -1e300, Double.greatestFiniteMagnitude, Double.leastNonzeroMagnitude, 126.9779] {
            let stored = try XCTUnwrap(try roundTrip(.real(value)) { $0.double(0) })
            XCTAssertEqual(stored.0, value)
            XCTAssertEqual(stored.1, "real")
        }
    }

    func testNullIsDistinctFromEmptyAndZero() throws {
        let null = try XCTUnwrap(try roundTrip(.null) { ($0.isNull(0), $0.optionalText(0), $0.optionalInt64(0)) })
        XCTAssertEqual(null.1, "null")
        XCTAssertTrue(null.0.0)
        XCTAssertNil(null.0.1)
        XCTAssertNil(null.0.2)
        XCTAssertEqual(try roundTrip(.optionalInt(nil)) { $0.isNull(0) }?.0, true)
        let empty = try XCTUnwrap(try roundTrip(.text("")) { ($0.isNull(0), $0.optionalText(0)) })
        XCTAssertEqual(empty.1, "text")
        XCTAssertFalse(empty.0.0)
        XCTAssertEqual(empty.0.1, "")
    }

    func testBlob() throws {
        let bytes: [UInt8] = [0, 1, 0x27, 0xFF, 0]
        XCTAssertEqual(try roundTrip(.blob(bytes)) { $0.text(0) }?.1, "blob")
        let length = try connection.prepare("SELECT length(value) FROM box WHERE typeof(value) = 'blob'").first { $0.int(0) }
        XCTAssertEqual(length, bytes.count)
    }

    func testLiteralsBuildValues() {
        let values: [SQLiteValue] = [1, "a", 2.5, nil]
        XCTAssertEqual(values, [.integer(1), .text("a"), .real(2.5), .null])
    }

    func testManyParametersAndRebinding() throws {
        let statement = try connection.prepare("SELECT ?1 || ?2, ?3 + 1")
        XCTAssertEqual(try statement.first(["a'", "b\"", 41]) { [$0.text(0), String($0.int(1))] }, ["a'b\"", "42"])
        // Bindings are cleared between uses: a missing parameter is NULL, not the old value.
        XCTAssertEqual(try statement.first(["c"]) { [$0.isNull(0), $0.isNull(1)] }, [true, true])
    }

    func testMapForEachAndFirst() throws {
        for value in ["b", "a", "c"] { try connection.prepare("INSERT INTO box (value) VALUES (?)").run([.text(value)]) }
        let select = try connection.prepare("SELECT value FROM box ORDER BY value")
        XCTAssertEqual(try select.map { $0.text(0) }, ["a", "b", "c"])
        XCTAssertEqual(try select.map { $0.text(0) }, ["a", "b", "c"], "a statement can run again")
        var seen: [String] = []
        try select.forEach { seen.append($0.text(0)) }
        XCTAssertEqual(seen, ["a", "b", "c"])
        XCTAssertEqual(try select.first { $0.columnCount }, 1)
        XCTAssertNil(try connection.prepare("SELECT value FROM box WHERE value = ?").first(["zzz"]) { $0.text(0) })
    }

    func testCachedStatementsAreReused() throws {
        let first = try connection.cached("SELECT 1")
        XCTAssertTrue(first === (try connection.cached("SELECT 1")))
        XCTAssertFalse(first === (try connection.cached("SELECT 2")))
    }

    func testChangesCountsAffectedRows() throws {
        for value in ["a", "b", "c"] { try connection.prepare("INSERT INTO box (value) VALUES (?)").run([.text(value)]) }
        try connection.prepare("UPDATE box SET value = 'x' WHERE value <> ?").run(["a"])
        XCTAssertEqual(connection.changes, 2)
    }

    func testBadSQLThrowsWithTheStatementText() {
        XCTAssertThrowsError(try connection.prepare("SELEC nonsense")) { error in
            let error = error as? SQLiteError
            XCTAssertEqual(error?.primaryCode, SQLITE_ERROR)
            XCTAssertEqual(error?.sql, "SELEC nonsense")
            XCTAssertEqual(error?.storageFailureKind, .internal)
            XCTAssertTrue(error?.message.contains("syntax error") ?? false, error?.message ?? "")
        }
        XCTAssertThrowsError(try connection.execute("INSERT INTO nowhere VALUES (1)")) { error in
            XCTAssertEqual((error as? SQLiteError)?.sql, "INSERT INTO nowhere VALUES (1)")
        }
    }

    func testUniqueViolationHasTheExtendedCode() throws {
        try connection.execute("CREATE TABLE uniq (v TEXT UNIQUE)")
        let insert = try connection.prepare("INSERT INTO uniq VALUES (?)")
        try insert.run(["same"])
        XCTAssertThrowsError(try insert.run(["same"])) { error in
            XCTAssertEqual((error as? SQLiteError)?.extendedCode, SQLiteError.constraintUnique)
        }
        // The statement was reset and can run again.
        try insert.run(["other"])
        XCTAssertEqual(try connection.integer("SELECT count(*) FROM uniq"), 2)
    }

    // Regression: text was bound as a C string, so everything after a NUL was lost.
    func testTextWithNULRoundTripsWithItsFullLength() throws {
        for text in ["a\u{0}b", "\u{0}", "\u{0}\u{0}tail", "새\u{0}싹", "end\u{0}"] {
            let stored = try XCTUnwrap(try roundTrip(.text(text)) { $0.text(0) })
            XCTAssertEqual(Array(stored.0.utf8), Array(text.utf8))
            XCTAssertEqual(stored.1, "text")
            let length = try connection.prepare("SELECT length(CAST(value AS BLOB)) FROM box WHERE id = ?")
                .first([.integer(connection.lastInsertRowID)]) { $0.int(0) }
            XCTAssertEqual(length, text.utf8.count)
        }
    }

    /// `withUTF8` hands out a column's bytes where SQLite holds them (a blob read, no copy
    /// made to add a NUL): exactly the stored bytes for text on one page or spilling over
    /// several, numbers as their text, nothing for NULL, and a value of each row, not a stale one.
    func testWithUTF8ReadsEveryValueExactlyInPlace() throws {
        let long = String(repeating: "새싹", count: 40_000)
        let values: [(SQLiteValue, [UInt8])] = [
            (.text("uid1\u{1F}닉\u{1F}3,0,1"), Array("uid1\u{1F}닉\u{1F}3,0,1".utf8)),
            (.text(long), Array(long.utf8)),
            (.text(""), []),
            (.integer(-42), Array("-42".utf8)),
            (.real(126.5), Array("126.5".utf8)),
            (.null, []),
            (.blob([0x61, 0, 0x62]), [0x61, 0, 0x62]),
        ]
        for (value, _) in values { try connection.prepare("INSERT INTO box (value) VALUES (?)").run([value]) }
        let read = try connection.prepare("SELECT value FROM box ORDER BY id").map { row in
            row.withUTF8(0) { Array($0) }
        }
        XCTAssertEqual(read, values.map(\.1))
        let texts = try connection.prepare("SELECT value FROM box ORDER BY id").map { $0.text(0) }
        XCTAssertEqual(texts.map { Array($0.utf8) }, values.map(\.1))
    }

    /// Text is bound in place from one buffer per statement that grows between executions:
    /// every value of every execution is stored exactly, however sizes change between rows.
    func testOneStatementStoresTextOfChangingSizesExactly() throws {
        let insert = try connection.prepare("INSERT INTO box (value) VALUES (?), (?)")
        let texts = ["", "a", String(repeating: "가", count: 5_000), "b\u{0}c", "", String(repeating: "xyz", count: 40), "끝"]
        for index in stride(from: 0, to: texts.count - 1, by: 1) {
            try insert.run([.text(texts[index]), .text(texts[index + 1])])
        }
        let stored = try connection.prepare("SELECT value FROM box ORDER BY id").map { row in
            row.withUTF8(0) { String(decoding: $0, as: UTF8.self) }
        }
        let expected = (0..<texts.count - 1).flatMap { [texts[$0], texts[$0 + 1]] }
        XCTAssertEqual(stored, expected)
    }

    /// Many rows per statement, the last batch partial: all stored, in order.
    func testBatchInsertWritesFullAndPartialBatchesInOrder() throws {
        let batch = BatchInsert("INSERT INTO box (id, value)", columns: 2, rowsPerStatement: 4, connection: connection)
        for id in 1...10 { try batch.add([.integer(Int64(id)), .text("row \(id)")]) }
        XCTAssertEqual(try connection.prepare("SELECT count(*) FROM box").first { $0.int(0) }, 8, "two full batches so far")
        try batch.finish()
        XCTAssertEqual(try connection.prepare("SELECT value FROM box ORDER BY id").map { $0.text(0) }, (1...10).map { "row \($0)" })
    }
}
