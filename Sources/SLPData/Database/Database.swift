import CSQLite
import Foundation

/// slp's SQLite file: opened, recognised, migrated, and used through retried transactions.
///
/// Not Sendable: one per process (or per test), used from one task at a time.
public final class Database {
    /// The open connection; use `read` and `write` rather than raw transactions.
    public let connection: Connection
    public let path: String
    let policy: RetryPolicy

    /// Opens (creating if missing) the slp database at absolute `path`.
    ///
    /// A file that is not slp's, or whose schema is newer, is refused without being written to.
    /// Safe when several processes create the same new file at once.
    public init(path: String, policy: RetryPolicy = RetryPolicy()) throws {
        guard path.hasPrefix("/") else { throw DatabaseError.unusablePath(path: path, reason: "the path must be absolute") }
        try DatabaseFile.prepare(path: path)
        connection = try Connection(path: path)
        self.path = path
        self.policy = policy
        connection.setBusyTimeout(milliseconds: policy.busyTimeoutMilliseconds)
        try policy.run { try prepareSchema() }
        try connection.execute("PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL;")
    }

    /// Runs `body` in a deferred (read) transaction: a consistent snapshot.
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        try transaction("BEGIN DEFERRED", body)
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction, retried whole on SQLITE_BUSY.
    ///
    /// `body` may run more than once, so it must have no effects outside the database.
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        try transaction("BEGIN IMMEDIATE", body)
    }

    private func transaction<T>(_ begin: String, _ body: (Connection) throws -> T) throws -> T {
        precondition(!connection.isInTransaction, "transactions do not nest")
        return try policy.run {
            try connection.cached(begin).run()
            do {
                let result = try body(connection)
                try connection.cached("COMMIT").run()
                return result
            } catch {
                connection.rollbackIfNeeded()
                throw error
            }
        }
    }

    /// What the file header says about whose database this is.
    private struct Identity {
        let applicationID: Int32
        let version: Int
        let objectCount: Int

        var isEmpty: Bool { applicationID == 0 && version == 0 && objectCount == 0 }
    }

    private func readIdentity() throws -> Identity {
        let statement = try connection.prepare("""
            SELECT (SELECT application_id FROM pragma_application_id()),
                   (SELECT user_version FROM pragma_user_version()),
                   (SELECT count(*) FROM sqlite_schema)
            """)
        let identity = try statement.first { row in
            Identity(applicationID: Int32(truncatingIfNeeded: row.int64(0)), version: row.int(1), objectCount: row.int(2))
        }
        return identity ?? Identity(applicationID: 0, version: 0, objectCount: 0)
    }

    /// Checks the header without writing; creates or migrates the schema only when needed.
    private func prepareSchema() throws {
        let identity = try readIdentity()
        if try isReady(identity) { return }
        if identity.isEmpty {
            // Switching to WAL needs no open transaction; it is harmless if another creator did it first.
            try connection.execute("PRAGMA journal_mode = WAL")
        }
        try write { connection in
            // Another process may have created or migrated the file while we waited for the lock.
            let current = try readIdentity()
            if try isReady(current) { return }
            if current.isEmpty {
                try connection.execute("PRAGMA application_id = \(Schema.applicationID)")
            }
            for migration in Schema.migrations where migration.version > current.version {
                try connection.execute(migration.sql)
            }
            try connection.execute("PRAGMA user_version = \(Schema.currentVersion)")
        }
    }

    /// True when the schema is current; throws when the file must not be touched.
    private func isReady(_ identity: Identity) throws -> Bool {
        if identity.isEmpty { return false }
        guard identity.applicationID == Schema.applicationID else { throw DatabaseError.notSLPDatabase(path: path) }
        guard identity.version <= Schema.currentVersion else {
            throw DatabaseError.newerSchema(path: path, found: identity.version, known: Schema.currentVersion)
        }
        return identity.version == Schema.currentVersion
    }
}
