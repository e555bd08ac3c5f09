@testable import SLPData

/// The schema version this build of SLPData creates (`user_version` of a new file).
let currentSchemaVersion = Int64(Schema.currentVersion(for: .sqlite))

/// Every SQLite migration's version, in order.
let migrationVersions = Schema.migrations(for: .sqlite).map(\.version)

/// The SQL of the migration that brings a `dialect` database to `version`.
func migrationSQL(version: Int, for dialect: SQLDialect = .sqlite) -> String? {
    Schema.migrations(for: dialect).first { $0.version == version }?.sql
}

/// A database file as an slp at schema `version` created it: migrations 1 through `version`
/// applied, `user_version` left for the test to set with its rows.
func connectionToAFileAt(version: Int, path: String) throws -> Connection {
    let old = try Connection(path: path)
    try old.execute("PRAGMA journal_mode = WAL; PRAGMA application_id = \(0x534C_5031);")
    for step in 1...version {
        guard let sql = migrationSQL(version: step) else { throw OldFileError(version: step) }
        try old.execute(sql)
    }
    return old
}

/// A version the migration list does not hold.
struct OldFileError: Error {
    let version: Int
}
