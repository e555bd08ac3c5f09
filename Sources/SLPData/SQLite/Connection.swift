import CSQLite

/// One SQLite connection. Not Sendable: a connection is used by one task at a time.
public final class Connection {
    let handle: OpaquePointer
    private var cache: [String: Statement] = [:]
    /// Called once, just before the first statement that may write runs (then cleared; kept
    /// when it throws): `Database.write` takes the writer's turn there.
    var beforeFirstWrite: (() throws -> Void)?

    /// Opens an existing or new file. `path` must be absolute, so SQLite never reads it as a URI.
    ///
    /// `immutable` (read-only) promises SQLite that nobody changes the file while it is open: no
    /// locks, and no `-wal` or `-shm` file is created, so a file in a read-only directory can be read.
    public init(path: String, readOnly: Bool = false, immutable: Bool = false) throws {
        guard path.hasPrefix("/") else {
            // A relative path could be read as an SQLite URI ("file:…"); callers resolve paths first.
            throw DatabaseError.unusablePath(path: path, reason: "the path must be absolute")
        }
        _ = Connection.configured
        var handle: OpaquePointer?
        var flags = (readOnly || immutable ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        var name = path
        if immutable {
            // Every byte but unreserved ones percent-encoded: the URI names exactly `path`.
            name = "file:" + Connection.percentEncoded(path) + "?immutable=1"
            flags |= SQLITE_OPEN_URI
        }
        let code = sqlite3_open_v2(name, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = SQLiteError(connection: handle, code: code)
            sqlite3_close_v2(handle)
            throw error
        }
        self.handle = handle
    }

    /// Process-wide SQLite settings, made once before the first connection opens: SQLite
    /// refuses them (SQLITE_MISUSE) once initialized, and then keeps its defaults, which work too.
    private static let configured: Int32 = slp_sqlite_config_no_page_cache_bulk()

    private static func percentEncoded(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.append(Character(Unicode.Scalar(byte)))
            default:
                let digits = Array("0123456789ABCDEF")
                encoded += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
            }
        }
        return encoded
    }

    deinit {
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Milliseconds a statement waits for a lock before answering SQLITE_BUSY.
    public func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// Runs one or more statements that take no parameters (pragmas, DDL, BEGIN/COMMIT).
    public func execute(_ sql: String) throws {
        // Any statement here may write (DDL, pragmas): the turn comes first.
        try willWrite()
        try run(sql)
    }

    private func run(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        guard code == SQLITE_OK else {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(errorMessage)
            throw SQLiteError(extendedCode: sqlite3_extended_errcode(handle), message: message, sql: sql)
        }
    }

    /// Runs and clears `beforeFirstWrite`, if set.
    func willWrite() throws {
        guard let hook = beforeFirstWrite else { return }
        try hook()
        beforeFirstWrite = nil
    }

    /// A fresh prepared statement.
    public func prepare(_ sql: String) throws -> Statement {
        try Statement(connection: self, sql: sql)
    }

    /// A prepared statement reused across calls on this connection.
    public func cached(_ sql: String) throws -> Statement {
        if let statement = cache[sql] { return statement }
        let statement = try prepare(sql)
        cache[sql] = statement
        return statement
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Rowid of the last successful INSERT.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// True while a transaction is open.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Rolls back whatever transaction is open, ignoring errors: used on the way out of a failure.
    func rollbackIfNeeded() {
        if isInTransaction { try? run("ROLLBACK") }
    }
}
