@testable import SLPData
import XCTest

/// The one migration list (`Schema.migrations`) read as each backend reads it: every step says
/// what it does on each backend, and the versions databases in the field recorded keep naming
/// the same SQL. How an old database is brought up to date: `MigrationTests` (SQLite) and
/// `PGSchemaTests`; that both backends end in the same tables: `BackendSchemaAgreementTests`.
final class MigrationListTests: XCTestCase {
    func testEveryStepHasSQLOrSaysWhyNotOnEachBackend() {
        for (index, migration) in Schema.migrations.enumerated() {
            let steps = SQLDialect.allCases.map { migration.sql(for: $0) }
            XCTAssertTrue(steps.contains { $0.script != nil }, "migration \(index + 1) runs on no backend")
            for (dialect, step) in zip(SQLDialect.allCases, steps) {
                switch step {
                case .sql(let script):
                    XCTAssertFalse(script.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "migration \(index + 1), \(dialect)")
                case .notNeeded(let reason):
                    XCTAssertGreaterThan(reason.count, 10, "migration \(index + 1), \(dialect): say why")
                }
            }
        }
    }

    /// What each version recorded by a database that shipped (SQLite files at 13, PostgreSQL
    /// schemas at 8) ran: a step inserted before them, or given SQL for a backend that counted
    /// past it, would renumber what those databases recorded and fail here.
    func testTheVersionsDatabasesRecordedKeepNamingTheSameSteps() {
        let shipped: [SQLDialect: [String]] = [
            .sqlite: [
                "CREATE TABLE users (", "CREATE TABLE queue (", "CREATE TABLE matches (", "CREATE TABLE messages (",
                "CREATE TABLE queue_v5 (", "CREATE TABLE queue_studies_v6 (", "DROP VIEW IF EXISTS queue_documents;",
                "CREATE TABLE events (", "ALTER TABLE users DROP COLUMN reported_num;", "ADD COLUMN fcm_token",
                "CREATE TABLE sanctions (", "ADD COLUMN shown_cell", "CREATE INDEX users_penalty_due",
                "CREATE TABLE reports_by_number (", "ALTER TABLE queue RENAME COLUMN shift TO shown;",
                "CREATE TABLE events_of_any_kind (",
            ],
            .postgreSQL: [
                "CREATE TABLE slp.users (", "CREATE INDEX queue_nearby ", "ALTER TABLE slp.users DROP COLUMN reported_num;",
                "ADD COLUMN fcm_token", "CREATE TABLE slp.sanctions (", "ADD COLUMN shown_cell", "ADD COLUMN xid xid8",
                "CREATE INDEX users_penalty_due", "ADD COLUMN reporter_key",
                "ALTER TABLE slp.queue RENAME COLUMN shift TO shown;", "ALTER TABLE slp.events DROP CONSTRAINT events_type_check;",
            ],
        ]
        for (dialect, fragments) in shipped {
            let migrations = Schema.migrations(for: dialect)
            XCTAssertEqual(migrations.map(\.version), Array(1...migrations.count), "\(dialect): numbered from 1 without gaps")
            XCTAssertEqual(Schema.currentVersion(for: dialect), migrations.count)
            XCTAssertGreaterThanOrEqual(migrations.count, fragments.count)
            for (migration, fragment) in zip(migrations, fragments) {
                XCTAssertTrue(migration.sql.contains(fragment), "\(dialect) version \(migration.version) is not the step that made it")
            }
        }
        // The queue's rows were rebuilt after these.
        XCTAssertEqual(Schema.migrations(for: .sqlite).prefix(13).filter(\.rebuildsQueueRows).map(\.version), [5, 12])
        XCTAssertEqual(Schema.migrations(for: .postgreSQL).prefix(8).filter(\.rebuildsQueueRows).map(\.version), [6])
    }

    /// Each step commits on its own, but one that rebuilds the queue's rows commits with every
    /// step after it and the rebuild.
    func testTheTransactionsADatabaseIsMigratedIn() {
        func versions(_ dialect: SQLDialect, after version: Int) -> [Int] {
            Schema.nextTransaction(for: dialect, after: version).map(\.version)
        }
        for dialect in SQLDialect.allCases {
            let current = Schema.currentVersion(for: dialect)
            XCTAssertEqual(versions(dialect, after: 0), [1], "\(dialect)")
            XCTAssertEqual(versions(dialect, after: current), [], "\(dialect)")
            XCTAssertEqual(versions(dialect, after: current - 1), [current], "\(dialect)")
        }
        let sqlite = Schema.currentVersion(for: .sqlite)
        XCTAssertEqual(versions(.sqlite, after: 3), [4])
        XCTAssertEqual(versions(.sqlite, after: 4), Array(5...sqlite))
        XCTAssertEqual(versions(.sqlite, after: 11), Array(12...sqlite))
        XCTAssertEqual(versions(.postgreSQL, after: 4), [5])
        XCTAssertEqual(versions(.postgreSQL, after: 5), Array(6...Schema.currentVersion(for: .postgreSQL)))
    }

    /// PostgreSQL's SQL keeps to the schema `slp`, and SQLite's names no schema.
    func testEachBackendsSQLNamesItsTablesItsOwnWay() {
        let named = /(?:CREATE TABLE|ALTER TABLE|DROP INDEX|REFERENCES|INDEX \w+ ON) (\w+\.?\w*)/
        for dialect in SQLDialect.allCases {
            for migration in Schema.migrations(for: dialect) {
                let names = migration.sql.matches(of: named).map { String($0.output.1) }
                XCTAssertFalse(names.isEmpty && migration.sql.contains("TABLE"), "\(dialect) version \(migration.version)")
                for name in names {
                    XCTAssertEqual(name.hasPrefix("slp."), dialect == .postgreSQL, "\(dialect) version \(migration.version): \(name)")
                }
            }
        }
    }
}
