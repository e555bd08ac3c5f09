#if PostgreSQL
import CLibPQ
import Foundation

/// The benchmark's own connection to PostgreSQL, through libpq directly: for the PostGIS
/// anchor and for filling tables, which are not slp's repositories' business.
final class PQSession {
    private let handle: OpaquePointer

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(uri: String) throws {
        guard let handle = PQconnectdb(uri), PQstatus(handle) == CONNECTION_OK else {
            throw Failure(description: "cannot connect to PostgreSQL for the benchmark")
        }
        self.handle = handle
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
    }

    deinit { PQfinish(handle) }

    /// Runs `sql` with `values` as text parameters and returns its rows as text.
    @discardableResult
    func rows(_ sql: String, _ values: [String] = []) throws -> [[String?]] {
        let copies = values.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer<CChar>($0) }
        guard let result = PQexecParams(handle, sql, Int32(values.count), nil, pointers, nil, nil, 0) else {
            throw Failure(description: "lost the connection")
        }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK else {
            throw Failure(description: String(cString: PQresultErrorMessage(result)).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return (0..<PQntuples(result)).map { row in
            (0..<PQnfields(result)).map { column in
                PQgetisnull(result, row, column) == 0 ? String(cString: PQgetvalue(result, row, column)) : nil
            }
        }
    }

    /// The first column of the first row.
    func scalar(_ sql: String, _ values: [String] = []) throws -> String? {
        try rows(sql, values).first?.first ?? nil
    }
}
#endif
