#if PostgreSQL
/// slp's database on a PostgreSQL server: one connection per process, slp's own schema `slp`
/// (created or migrated on first use), every read and write one transaction, a write retried
/// whole when the server reports a serialization failure or a deadlock.
public final class PGDatabase {
    let connection: PGConnection
    private let policy: RetryPolicy

    /// The database and its host, for messages; never the password.
    public var target: String { connection.target }

    public init(uri: String, policy: RetryPolicy = RetryPolicy()) throws {
        connection = try PGConnection(uri: uri)
        self.policy = policy
        // A lock held by another slp longer than SQLite's busy wait ends the statement (55P03).
        try connection.execute("SELECT set_config('lock_timeout', $1, false)", ["\(policy.busyTimeoutMilliseconds)ms"])
        try PGSchema.prepare(connection)
    }

    /// A consistent snapshot: every statement in `body` sees the same committed state.
    func read<T>(_ body: (PGConnection) throws -> T) throws -> T {
        try transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body)
    }

    /// One serializable transaction; on a conflict the whole of `body` runs again.
    @discardableResult
    func write<T>(_ body: (PGConnection) throws -> T) throws -> T {
        try transaction("BEGIN ISOLATION LEVEL SERIALIZABLE", body)
    }

    private func transaction<T>(_ begin: String, _ body: (PGConnection) throws -> T) throws -> T {
        try policy.run(retrying: { ($0 as? PGError)?.kind == .conflict }) {
            try connection.execute(begin)
            do {
                let result = try body(connection)
                try connection.execute("COMMIT")
                return result
            } catch {
                _ = try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }
}
#endif
