import CSQLite

/// A prepared statement; bound parameters only, finalized when released.
///
/// Not Sendable: it belongs to the connection that prepared it.
public final class Statement {
    let handle: OpaquePointer
    private unowned let connection: Connection
    public let sql: String
    /// Whether running it may write (`sqlite3_stmt_readonly`, fixed once prepared): only such
    /// a statement asks for the writer's turn, and a read's rows never look at the connection.
    private let mayWrite: Bool

    init(connection: Connection, sql: String) throws {
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else {
            throw SQLiteError(connection: connection.handle, code: code, sql: sql)
        }
        self.handle = handle
        self.connection = connection
        self.sql = sql
        mayWrite = sqlite3_stmt_readonly(handle) == 0
    }

    /// Result columns by name, for rows read by name; made on first use.
    private var columnIndexes: [String: Int32]?

    /// The position of the result column `name`; a name the statement does not return is a bug.
    func columnIndex(_ name: String) -> Int32 {
        if columnIndexes == nil {
            var indexes: [String: Int32] = [:]
            for index in 0..<sqlite3_column_count(handle) {
                if let name = sqlite3_column_name(handle, index) { indexes[String(cString: name)] = index }
            }
            columnIndexes = indexes
        }
        guard let index = columnIndexes?[name] else { preconditionFailure("the statement returns no column \(name): \(sql)") }
        return index
    }

    /// The text of the last `bind`, copied here so SQLite reads it in place (`SQLITE_STATIC`)
    /// instead of allocating a copy of every value: a bulk load binds millions.
    private var textArena: UnsafeMutablePointer<UInt8>?
    private var textArenaCapacity = 0

    deinit {
        sqlite3_finalize(handle)
        textArena?.deallocate()
    }

    /// Room for `bytes` bytes of text in the arena. Only grown at the start of `bind`, before
    /// anything points into it: earlier bindings are all replaced before the next step.
    private func arena(for bytes: Int) -> UnsafeMutablePointer<UInt8> {
        if let textArena, bytes <= textArenaCapacity { return textArena }
        textArena?.deallocate()
        textArenaCapacity = max(bytes, textArenaCapacity * 2, 256)
        let arena = UnsafeMutablePointer<UInt8>.allocate(capacity: textArenaCapacity)
        textArena = arena
        return arena
    }

    /// Resets the statement and binds `values` to parameters 1…n.
    public func bind(_ values: [SQLiteValue]) throws {
        sqlite3_reset(handle)
        // Parameters not given here must not keep an earlier call's values.
        if values.count < Int(sqlite3_bind_parameter_count(handle)) { sqlite3_clear_bindings(handle) }
        var textBytes = 0
        for case .text(let text) in values { textBytes += text.utf8.count }
        let arena = arena(for: textBytes)
        var used = 0
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let int): code = sqlite3_bind_int64(handle, index, int)
            case .real(let double): code = sqlite3_bind_double(handle, index, double)
            // The byte count is explicit, so a NUL inside the text is stored, not cut off.
            case .text(var text):
                let start = arena + used
                let count = text.withUTF8 { utf8 in
                    if let source = utf8.baseAddress { start.update(from: source, count: utf8.count) }
                    return utf8.count
                }
                used += count
                code = sqlite3_bind_text(handle, index, UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self), Int32(count), nil)
            case .blob(let bytes):
                code = bytes.withUnsafeBytes {
                    sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), slp_sqlite_transient)
                }
            }
            guard code == SQLITE_OK else { throw SQLiteError(connection: connection.handle, code: code, sql: sql) }
        }
    }

    /// Advances to the next row; false when done.
    public func step() throws -> Bool {
        if mayWrite, connection.beforeFirstWrite != nil { try connection.willWrite() }
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = SQLiteError(connection: connection.handle, code: code, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Runs to completion, ignoring rows.
    public func run(_ values: [SQLiteValue] = []) throws {
        try bind(values)
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Calls `body` for each row, in order.
    public func forEach(_ values: [SQLiteValue] = [], _ body: (Row) throws -> Void) throws {
        try bind(values)
        defer { sqlite3_reset(handle) }
        let row = Row(statement: self)
        while try step() { try body(row) }
    }

    /// Maps every row.
    public func map<T>(_ values: [SQLiteValue] = [], _ transform: (Row) throws -> T) throws -> [T] {
        var result: [T] = []
        try forEach(values) { result.append(try transform($0)) }
        return result
    }

    /// The first row mapped, or nil.
    public func first<T>(_ values: [SQLiteValue] = [], _ transform: (Row) throws -> T) throws -> T? {
        try bind(values)
        defer { sqlite3_reset(handle) }
        return try step() ? transform(Row(statement: self)) : nil
    }
}
