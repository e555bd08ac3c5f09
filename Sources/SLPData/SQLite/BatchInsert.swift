/// Inserts rows many at a time, one statement per `rowsPerStatement` rows: in a bulk load,
/// running a statement per row cost more than storing the row.
///
/// Rows are written in the order given; call `finish()` to write the last partial batch.
/// Not Sendable: it belongs to the connection (and transaction) it writes through.
final class BatchInsert {
    private let connection: Connection
    private let prefix: String
    private let columns: Int
    private let rowsPerStatement: Int
    private var pending: [SQLiteValue] = []

    /// `prefix` is the statement up to `VALUES` (`INSERT INTO t (a, b)`).
    init(_ prefix: String, columns: Int, rowsPerStatement: Int = 64, connection: Connection) {
        precondition(columns > 0 && rowsPerStatement > 0)
        self.connection = connection
        self.prefix = prefix
        self.columns = columns
        self.rowsPerStatement = rowsPerStatement
        pending.reserveCapacity(columns * rowsPerStatement)
    }

    /// Queues one row of exactly `columns` values; writes a full batch.
    func add(_ row: [SQLiteValue]) throws {
        precondition(row.count == columns, "a row has \(columns) values")
        pending.append(contentsOf: row)
        if pending.count == columns * rowsPerStatement { try flush() }
    }

    /// Writes the rows still queued.
    func finish() throws {
        if !pending.isEmpty { try flush() }
    }

    private func flush() throws {
        try connection.cached(BatchInsert.sql(prefix, columns: columns, rows: pending.count / columns)).run(pending)
        pending.removeAll(keepingCapacity: true)
    }

    /// `prefix VALUES (?, …), …`: `rows` groups of `columns` parameters.
    static func sql(_ prefix: String, columns: Int, rows: Int) -> String {
        let group = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
        return prefix + " VALUES " + Array(repeating: group, count: rows).joined(separator: ", ")
    }
}
