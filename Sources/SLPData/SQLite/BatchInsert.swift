import CSQLite

/// Inserts rows many at a time, one statement per `rowsPerStatement` rows: in a bulk load,
/// running a statement per row cost more than storing the row.
///
/// A row is given value by value (`integer`, `real`, `text`, then `endRow()`), or whole with
/// `add(_:)`. Values wait as plain numbers and pointers (text copied into an arena kept until the
/// batch is written), so a million rows cost no array or String per row. Rows are written in the
/// order given; call `finish()` to write the last partial batch.
/// Not Sendable: it belongs to the connection (and transaction) it writes through.
final class BatchInsert: BulkRow {
    private enum Value {
        case null
        case integer(Int64)
        case real(Double)
        case text(UnsafePointer<CChar>, Int32)
        case blob(UnsafeRawPointer, Int32)
    }

    private let connection: Connection
    private let prefix: String
    private let columns: Int
    private let rowsPerStatement: Int
    /// The values of the rows not yet written (room for a full batch), and how many.
    private let pending: UnsafeMutablePointer<Value>
    private var pendingCount = 0
    private let arena = TextArena()
    /// The statement for a full batch, prepared once.
    private var fullStatement: Statement?

    /// `prefix` is the statement up to `VALUES` (`INSERT INTO t (a, b)`).
    init(_ prefix: String, columns: Int, rowsPerStatement: Int = 64, connection: Connection) {
        precondition(columns > 0 && rowsPerStatement > 0)
        self.connection = connection
        self.prefix = prefix
        self.columns = columns
        self.rowsPerStatement = rowsPerStatement
        pending = .allocate(capacity: columns * rowsPerStatement)
    }

    deinit {
        pending.deallocate()
    }

    private func append(_ value: Value) {
        precondition(pendingCount < columns * rowsPerStatement, "a row has \(columns) values")
        pending[pendingCount] = value
        pendingCount += 1
    }

    /// Queues one row of exactly `columns` values; writes a full batch.
    func add(_ row: [SQLiteValue]) throws {
        precondition(row.count == columns, "a row has \(columns) values")
        for value in row {
            switch value {
            case .null: append(.null)
            case .integer(let int): integer(int)
            case .real(let double): real(double)
            case .text(let text): self.text(text)
            case .blob(let bytes):
                bytes.withUnsafeBufferPointer { buffer in
                    append(.blob(UnsafeRawPointer(arena.copy(buffer)), Int32(buffer.count)))
                }
            }
        }
        try endRow()
    }

    func integer(_ value: Int64) { append(.integer(value)) }

    func real(_ value: Double) { append(.real(value)) }

    /// A boolean as SQLite stores it, 1 or 0.
    func boolean(_ value: Bool) { integer(value ? 1 : 0) }

    /// Text copied into the arena (a NUL inside is stored, not cut off).
    func text(_ value: String) {
        if let queued: Void = value.utf8.withContiguousStorageIfAvailable({ queueText($0) }) { return queued }
        var copy = value
        copy.withUTF8 { queueText($0) }
    }

    private func queueText(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(.text(UnsafeRawPointer(arena.copy(bytes)).assumingMemoryBound(to: CChar.self), Int32(bytes.count)))
    }

    /// Text given as bytes, copied into the arena.
    func text(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { queueText($0) }
    }

    /// Ends a row of exactly `columns` values; writes a full batch. Returns how many rows were
    /// written now (0, or `rowsPerStatement`).
    @discardableResult
    func endRow() throws -> Int {
        precondition(pendingCount % columns == 0, "a row has \(columns) values")
        guard pendingCount == columns * rowsPerStatement else { return 0 }
        return try flush()
    }

    /// Writes the rows still queued; returns how many.
    @discardableResult
    func finish() throws -> Int {
        precondition(pendingCount % columns == 0, "a row has \(columns) values")
        return pendingCount == 0 ? 0 : try flush()
    }

    private func flush() throws -> Int {
        let rows = pendingCount / columns
        let statement: Statement
        if rows == rowsPerStatement {
            if fullStatement == nil { fullStatement = try connection.cached(BatchInsert.sql(prefix, columns: columns, rows: rows)) }
            statement = fullStatement!
        } else {
            statement = try connection.cached(BatchInsert.sql(prefix, columns: columns, rows: rows))
        }
        let handle = statement.handle
        sqlite3_reset(handle)
        // Every parameter is bound below. Text and blobs are read in place (SQLITE_STATIC): they
        // stay in the arena (or with the caller) until the statement has run.
        for offset in 0..<pendingCount {
            let index = Int32(offset + 1)
            let code: Int32
            switch pending[offset] {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let int): code = sqlite3_bind_int64(handle, index, int)
            case .real(let double): code = sqlite3_bind_double(handle, index, double)
            case .text(let start, let count): code = sqlite3_bind_text(handle, index, start, count, nil)
            case .blob(let start, let count): code = sqlite3_bind_blob(handle, index, start, count, nil)
            }
            guard code == SQLITE_OK else { throw SQLiteError(connection: connection.handle, code: code, sql: statement.sql) }
        }
        while try statement.step() {}
        sqlite3_reset(handle)
        pendingCount = 0
        arena.reset()
        return rows
    }

    /// `prefix VALUES (?, …), …`: `rows` groups of `columns` parameters.
    static func sql(_ prefix: String, columns: Int, rows: Int) -> String {
        let group = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
        return prefix + " VALUES " + Array(repeating: group, count: rows).joined(separator: ", ")
    }
}

/// Bytes copied for a batch: chunks that never move once written, reused after `reset()`.
private final class TextArena {
    private static let chunkSize = 65_536
    private var chunks: [(start: UnsafeMutablePointer<UInt8>, capacity: Int)] = []
    /// The chunk being filled, and how much of it is used.
    private var current = 0
    private var used = 0

    deinit {
        for chunk in chunks { chunk.start.deallocate() }
    }

    /// A copy of `bytes` that stays put until `reset()` (never a null pointer, even when empty).
    func copy(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        while current < chunks.count, used + bytes.count > chunks[current].capacity {
            current += 1
            used = 0
        }
        if current == chunks.count {
            let capacity = max(TextArena.chunkSize, bytes.count)
            chunks.append((UnsafeMutablePointer<UInt8>.allocate(capacity: capacity), capacity))
            used = 0
        }
        let start = chunks[current].start + used
        if let source = bytes.baseAddress { start.update(from: source, count: bytes.count) }
        used += bytes.count
        return start
    }

    func reset() {
        current = 0
        used = 0
    }
}
