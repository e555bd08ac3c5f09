#if PostgreSQL
/// slp's tables in the PostgreSQL schema `slp`, brought to this version by `Schema`'s
/// migrations. Other schemas are never touched; a `slp` schema that is not slp's, or is newer
/// than this binary, is refused untouched.
enum PGSchema {
    /// Marks the schema as slp's: `slp.meta` holds this application and the schema's version.
    static let application = "slp"

    static var currentVersion: Int { Schema.currentVersion(for: PGConnection.dialect) }

    /// Brings the schema to `currentVersion`, one transaction per migration
    /// (`Schema.nextTransaction`). Processes starting together on an empty database take turns
    /// on an advisory lock, so exactly one creates and the others find it made.
    static func prepare(_ connection: PGConnection, creating: Bool = true) throws {
        let seen = try version(connection)
        if seen == currentVersion { return }
        // Only a command that may create the service makes the schema; any other finds none.
        if seen == 0 && !creating { throw PGSchemaError.missing(target: connection.target) }
        try connection.execute("SELECT pg_advisory_lock(hashtext('slp schema'))")
        defer { _ = try? connection.execute("SELECT pg_advisory_unlock(hashtext('slp schema'))") }
        var found = try version(connection)
        if found == 0 && !creating { throw PGSchemaError.missing(target: connection.target) }
        if found > currentVersion { throw PGSchemaError.newer(target: connection.target, found: found, known: currentVersion) }
        while true {
            let migrations = Schema.nextTransaction(for: PGConnection.dialect, after: found)
            guard let last = migrations.last else { return }
            try connection.execute("BEGIN")
            do {
                if found == 0 {
                    try connection.execute("CREATE SCHEMA slp")
                    try connection.execute("CREATE TABLE slp.meta (application text NOT NULL, version integer NOT NULL)")
                    try connection.execute("INSERT INTO slp.meta VALUES ($1, 0)", [application])
                }
                for migration in migrations { try connection.executeScript(migration.sql) }
                if migrations.contains(where: \.rebuildsQueueRows) {
                    try SQLTransaction(connection, search: PGQueueSearch()).rebuildQueueRows()
                }
                try connection.execute("UPDATE slp.meta SET version = $1", [last.version])
                try connection.execute("COMMIT")
            } catch {
                _ = try? connection.execute("ROLLBACK")
                throw error
            }
            found = last.version
        }
    }

    /// The version of slp's schema: 0 when there is no schema `slp`; refused when there is one
    /// that is not slp's.
    private static func version(_ connection: PGConnection) throws -> Int {
        let found = try connection.execute("""
            SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'slp'), to_regclass('slp.meta') IS NOT NULL
            """)
        guard found.text(0, 0) == "t" else { return 0 }
        guard found.text(0, 1) == "t" else { throw PGSchemaError.foreign(target: connection.target) }
        let rows = try connection.execute("SELECT application, version FROM slp.meta")
        guard rows.rowCount == 1, rows.text(0, 0) == application, let version = rows.text(0, 1).flatMap({ Int($0) }) else {
            throw PGSchemaError.foreign(target: connection.target)
        }
        return version
    }
}
#endif
