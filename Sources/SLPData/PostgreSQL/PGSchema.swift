#if PostgreSQL
/// slp's tables in the PostgreSQL schema `slp`, as numbered migrations. Other schemas are never
/// touched; a `slp` schema that is not slp's, or is newer than this binary, is refused untouched.
enum PGSchema {
    /// Marks the schema as slp's: `slp.meta` holds this application and the schema's version.
    static let application = "slp"

    /// Each migration runs once, in order, in its own transaction.
    static let migrations: [(version: Int, sql: String)] = [
        (1, """
            CREATE TABLE slp.users (
                id bigserial PRIMARY KEY,
                uid text NOT NULL UNIQUE,
                phone text NOT NULL UNIQUE,
                email text NOT NULL,
                nick text NOT NULL,
                birth text NOT NULL,
                gender smallint NOT NULL CHECK (gender IN (0, 1)),
                created_at bigint NOT NULL
            )
            """),
    ]

    static var currentVersion: Int { migrations.last?.version ?? 0 }

    /// Brings the schema to `currentVersion`. Processes starting together on an empty database
    /// take turns on an advisory lock, so exactly one creates and the others find it made.
    static func prepare(_ connection: PGConnection) throws {
        if try version(connection) == currentVersion { return }
        try connection.execute("SELECT pg_advisory_lock(hashtext('slp schema'))")
        defer { _ = try? connection.execute("SELECT pg_advisory_unlock(hashtext('slp schema'))") }
        let found = try version(connection)
        guard found < currentVersion else {
            if found > currentVersion { throw PGSchemaError.newer(target: connection.target, found: found, known: currentVersion) }
            return
        }
        for migration in migrations where migration.version > found {
            try connection.execute("BEGIN")
            do {
                if migration.version == 1 {
                    try connection.execute("CREATE SCHEMA slp")
                    try connection.execute("CREATE TABLE slp.meta (application text NOT NULL, version integer NOT NULL)")
                    try connection.execute("INSERT INTO slp.meta VALUES ($1, 0)", [application])
                }
                try connection.execute(migration.sql)
                try connection.execute("UPDATE slp.meta SET version = $1", [String(migration.version)])
                try connection.execute("COMMIT")
            } catch {
                _ = try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// The version of slp's schema: 0 when there is no schema `slp`; refused when there is one
    /// that is not slp's.
    private static func version(_ connection: PGConnection) throws -> Int {
        let schema = try connection.execute("SELECT 1 FROM pg_namespace WHERE nspname = 'slp'")
        guard schema.rowCount == 1 else { return 0 }
        let meta = try connection.execute("SELECT to_regclass('slp.meta') IS NOT NULL")
        guard meta.text(0, 0) == "t" else { throw PGSchemaError.foreign(target: connection.target) }
        let rows = try connection.execute("SELECT application, version FROM slp.meta")
        guard rows.rowCount == 1, rows.text(0, 0) == application, let version = rows.text(0, 1).flatMap({ Int($0) }) else {
            throw PGSchemaError.foreign(target: connection.target)
        }
        return version
    }
}

/// The `slp` schema cannot be used: not slp's, or newer than this binary (exit 65).
public enum PGSchemaError: Error, Equatable, Sendable {
    case foreign(target: String)
    case newer(target: String, found: Int, known: Int)

    public var message: String {
        switch self {
        case .foreign(let target): "the schema slp of PostgreSQL database \(target) is not slp's; it was left untouched"
        case .newer(let target, let found, let known):
            "the schema slp of PostgreSQL database \(target) is version \(found), newer than this slp knows (\(known)); it was left untouched"
        }
    }
}
#endif
