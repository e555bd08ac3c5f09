@testable import SLPData
import XCTest

/// SQLite runs slp's shared SQL with `$N` written `?N`: to SQLite `$1` is a named parameter,
/// numbered by where it first appears, so `$2 … $1` would bind the values the wrong way round.
final class ConnectionPlaceholderTests: XCTestCase {
    func testEveryNumberedPlaceholderIsWrittenWithAQuestionMark() {
        XCTAssertEqual(Connection.sqlitePlaceholders("SELECT $1"), "SELECT ?1")
        XCTAssertEqual(Connection.sqlitePlaceholders("UPDATE t SET a = $2, b = $10 WHERE id = $1"), "UPDATE t SET a = ?2, b = ?10 WHERE id = ?1")
        XCTAssertEqual(Connection.sqlitePlaceholders("($1, $2), ($1, $3)"), "(?1, ?2), (?1, ?3)")
        XCTAssertEqual(Connection.sqlitePlaceholders("x=$1\n AND y=$2;"), "x=?1\n AND y=?2;")
        XCTAssertEqual(Connection.sqlitePlaceholders("'새싹' || $1 || '스터디'"), "'새싹' || ?1 || '스터디'")
    }

    func testADollarNotBeforeADigitIsLeftAlone() {
        for sql in ["SELECT 1", "", "a$b", "$", "trailing $", "$x1", "새싹$"] {
            XCTAssertEqual(Connection.sqlitePlaceholders(sql), sql)
        }
        XCTAssertEqual(Connection.sqlitePlaceholders("$$1"), "$?1")
    }
}
