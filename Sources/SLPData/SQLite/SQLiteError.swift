import CSQLite
import SLPDomain

/// An error reported by SQLite, with its extended result code and message.
public struct SQLiteError: Error, Equatable, CustomStringConvertible {
    /// The extended result code (`SQLITE_BUSY_SNAPSHOT`, `SQLITE_CONSTRAINT_UNIQUE`…).
    public let extendedCode: Int32
    /// SQLite's own message.
    public let message: String
    /// The statement that failed, if any; never includes bound values.
    public let sql: String?
    /// The operating system's `errno` behind an I/O error (`ENOSPC`, `EFBIG`, `EACCES`…), or 0.
    public let systemErrno: Int32

    public init(extendedCode: Int32, message: String, sql: String? = nil, systemErrno: Int32 = 0) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
        self.systemErrno = systemErrno
    }

    /// Reads the last error of a connection.
    init(connection: OpaquePointer?, code: Int32, sql: String? = nil) {
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        // The connection's last error can be stale for codes returned without one; trust `code`.
        let useExtended = extended & 0xFF == code & 0xFF
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        // SQLite records errno only for I/O and open errors; for any other code it is stale.
        let systemErrno = [SQLITE_IOERR, SQLITE_CANTOPEN].contains(code & 0xFF)
            ? connection.map { sqlite3_system_errno($0) } ?? 0 : 0
        self.init(extendedCode: useExtended ? extended : code, message: message, sql: sql, systemErrno: systemErrno)
    }

    /// `SQLITE_CONSTRAINT_UNIQUE`, a macro Swift cannot import.
    public static let constraintUnique: Int32 = SQLITE_CONSTRAINT | (8 << 8)

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT`…).
    public var primaryCode: Int32 { extendedCode & 0xFF }

    /// True when another connection holds a lock we need; the transaction may be retried.
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

    public var description: String {
        "SQLite error \(extendedCode): \(message)" + (sql.map { " (in: \($0))" } ?? "")
    }
}

extension SQLiteError: StorageFailure {
    public var storageFailureKind: StorageFailureKind {
        switch primaryCode {
        case SQLITE_BUSY, SQLITE_LOCKED: .busy
        case SQLITE_NOTADB, SQLITE_CORRUPT: .incompatible
        case SQLITE_CANTOPEN, SQLITE_IOERR, SQLITE_FULL, SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH, SQLITE_NOLFS:
            .io
        default: .internal
        }
    }

    public var storageFailureMessage: String {
        switch storageFailureKind {
        case .busy: "the database is still busy after retrying: \(message)"
        case .incompatible where primaryCode == SQLITE_CORRUPT: "the database file is damaged: \(message)"
        case .incompatible: "not an slp database: \(message)"
        case .io where primaryCode == SQLITE_FULL: "the disk is full: \(message)"
        case .io where primaryCode == SQLITE_READONLY: "the database is read-only: \(message)"
        case .io, .missing: "cannot use the database: \(message)"
        case .internal: "database error: \(message)"
        }
    }
}
