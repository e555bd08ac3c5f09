#if PostgreSQL
import Foundation
@testable import SLPData
import SLPPrivateCluster
import XCTest

/// The migration list brings both backends to the same tables and columns, which the shared SQL
/// (`SQLTransaction`) names on either: a step given to one backend and forgotten on the other
/// fails here, unless the difference is one of those listed, with its reason.
final class BackendSchemaAgreementTests: TemporaryDirectoryTestCase {
    /// Columns (or whole tables, `table.*`) one backend has and the other has not.
    private let sqliteOnly: Set<String> = [
        // Study rows beside the queue, for SQLite's searches by study (PostgreSQL's test study keys).
        "queue_studies.*",
        // SQLite's own record of AUTOINCREMENT ids.
        "sqlite_sequence.*",
    ]
    private let postgreSQLOnly: Set<String> = [
        // The schema's application and version (SQLite's are in the file header).
        "meta.*",
        // How a user's events commit in id order, and which transaction wrote each (`PGConnection.insertEvent`).
        "users.last_event_id", "events.xid",
    ]

    private func unlisted(_ columns: Set<String>, _ listed: Set<String>) -> Set<String> {
        columns.filter { column in
            !listed.contains(column) && !listed.contains(String(column.prefix { $0 != "." }) + ".*")
        }
    }

    func testBothBackendsEndInTheSameTablesAndColumns() throws {
        let sqlite = Set(try Database(path: path()).read { connection in
            try connection.prepare("""
                SELECT m.name || '.' || p.name FROM sqlite_schema m JOIN pragma_table_info(m.name) p WHERE m.type = 'table'
                """).map { $0.text(0) }
        })
        let uri = try PrivateCluster.shared().freshDatabase()
        _ = try PGDatabase(uri: uri)
        let postgreSQL = Set(try PGConnection(uri: uri).execute("""
            SELECT table_name || '.' || column_name FROM information_schema.columns WHERE table_schema = 'slp'
            """).map { $0.text(0) })
        XCTAssertTrue(sqlite.contains("users.penalty_event_due"), "\(sqlite.sorted())")
        let (onSQLite, onPostgreSQL) = (unlisted(sqlite, sqliteOnly), unlisted(postgreSQL, postgreSQLOnly))
        XCTAssertEqual(onSQLite.subtracting(onPostgreSQL).sorted(), [], "on SQLite alone")
        XCTAssertEqual(onPostgreSQL.subtracting(onSQLite).sorted(), [], "on PostgreSQL alone")
        // Each listed difference is still one.
        for (listed, other) in [(sqliteOnly, postgreSQL), (postgreSQLOnly, sqlite)] {
            for column in listed {
                XCTAssertTrue(unlisted(other, [column]) == other, "\(column) is on both backends now")
            }
        }
        XCTAssertTrue(sqlite.isSuperset(of: sqliteOnly.filter { !$0.hasSuffix(".*") }))
        XCTAssertTrue(postgreSQL.isSuperset(of: postgreSQLOnly.filter { !$0.hasSuffix(".*") }))
    }
}
#endif
