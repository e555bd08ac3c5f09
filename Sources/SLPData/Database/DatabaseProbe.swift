import CSQLite

/// Whether slp's database answers a read now, asked on a connection of its own made for the
/// question and closed after it (never a process's shared one, which may be waiting on a lock),
/// within a deadline however the database fails: for `/healthz`, polled every second, so it
/// writes nothing and keeps nothing open.
public enum DatabaseProbe {
    /// The SQLite file at absolute `path`: opened afresh without creating anything (a file
    /// moved, removed or unreadable fails at once), its schema read, a lock held by another
    /// waited for at most until `deadline`.
    public static func sqliteAnswers(path: String, before deadline: ContinuousClock.Instant) -> Bool {
        let left = (deadline - .now) / .milliseconds(1)
        guard left > 0, let connection = try? Connection(path: path, readOnly: true) else { return false }
        connection.setBusyTimeout(milliseconds: Int32(left.rounded(.down)))
        return sqlite3_exec(connection.handle, "SELECT count(*) FROM sqlite_master", nil, nil, nil) == SQLITE_OK
    }

    #if PostgreSQL
    /// The PostgreSQL server `uri` names: slp's schema read on a new connection, libpq asked
    /// without blocking, given up at `deadline`.
    public static func postgreSQLAnswers(uri: String, before deadline: ContinuousClock.Instant) -> Bool {
        PGConnection.answers(uri, before: deadline)
    }
    #endif
}
