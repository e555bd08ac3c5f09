import CSQLite

/// The current row of a statement; valid only inside the closure that received it.
public struct Row {
    let statement: Statement

    public var columnCount: Int { Int(sqlite3_column_count(statement.handle)) }

    public func isNull(_ index: Int) -> Bool {
        sqlite3_column_type(statement.handle, Int32(index)) == SQLITE_NULL
    }

    public func int64(_ index: Int) -> Int64 { sqlite3_column_int64(statement.handle, Int32(index)) }

    public func int(_ index: Int) -> Int { Int(int64(index)) }

    public func optionalInt64(_ index: Int) -> Int64? { isNull(index) ? nil : int64(index) }

    public func double(_ index: Int) -> Double { sqlite3_column_double(statement.handle, Int32(index)) }

    public func bool(_ index: Int) -> Bool { int64(index) != 0 }

    public func text(_ index: Int) -> String {
        withUTF8(index) { String(decoding: $0, as: UTF8.self) }
    }

    /// The column's UTF-8 bytes without making a `String`; valid only inside `body`.
    ///
    /// Read as a blob: `sqlite3_column_text` promises a terminating NUL, so for text lying in a
    /// page (not NUL-terminated) it first copies the value into its own buffer; the blob call
    /// hands out the bytes where they lie. Numbers still come as their text, as with the text call.
    public func withUTF8<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        guard let pointer = sqlite3_column_blob(statement.handle, Int32(index)) else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        let count = Int(sqlite3_column_bytes(statement.handle, Int32(index)))
        return try body(UnsafeBufferPointer(start: pointer.assumingMemoryBound(to: UInt8.self), count: count))
    }

    public func optionalText(_ index: Int) -> String? { isNull(index) ? nil : text(index) }
}
