#if PostgreSQL
import CLibPQ
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One connection to a PostgreSQL server through libpq, opened from a connection URI (libpq
/// reads the password from it, `PGPASSWORD` or `~/.pgpass`). Values go only as parameters, in
/// text form. Not Sendable: one task uses it at a time, like SQLite's `Connection`.
final class PGConnection {
    private let handle: OpaquePointer
    /// The database and where it is, for messages: `slp on /run/postgresql`, never a password.
    let target: String

    init(uri: String) throws(PGError) {
        guard let handle = PQconnectdb(uri) else {
            throw PGError(kind: .connection, message: "cannot connect to PostgreSQL: out of memory")
        }
        target = PGConnection.describe(handle)
        guard PQstatus(handle) == CONNECTION_OK else {
            let detail = PGError.oneLine(String(cString: PQerrorMessage(handle)))
            PQfinish(handle)
            throw PGError(kind: .connection, message: "cannot connect to PostgreSQL database \(target): \(detail)")
        }
        self.handle = handle
        // Notices (a NOTICE from CREATE … IF NOT EXISTS) are not slp's output.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
    }

    deinit { PQfinish(handle) }

    /// Runs one statement with `values` as its parameters ($1, $2…; nil is NULL).
    @discardableResult
    func execute(_ sql: String, _ values: [String?] = []) throws(PGError) -> PGResult {
        let result = withParameters(values) { pointers in
            PQexecParams(handle, sql, Int32(values.count), nil, pointers, nil, nil, 0)
        }
        guard let result else {
            throw PGError(kind: .connection, message: "lost the PostgreSQL database \(target): \(PGError.oneLine(String(cString: PQerrorMessage(handle))))")
        }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            return PGResult(result)
        default:
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            let message = PGError.oneLine(String(cString: PQresultErrorMessage(result)))
            PQclear(result)
            let kind = PQstatus(handle) == CONNECTION_OK ? PGError.kind(of: state) : .connection
            throw PGError(kind: kind, sqlState: state, message: message)
        }
    }

    /// "db on host": PQhost gives the socket directory for a Unix socket.
    private static func describe(_ handle: OpaquePointer) -> String {
        let database = PQdb(handle).map { String(cString: $0) } ?? "?"
        let host = PQhost(handle).map { String(cString: $0) } ?? "?"
        return "\(database) on \(host)"
    }

    private func withParameters<T>(_ values: [String?], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
        // Copies that live as long as the call: libpq reads them before it returns.
        let copies = values.map { $0.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        return body(copies.map { $0.map { UnsafePointer<CChar>($0) } })
    }
}
#endif
