/// A row a bulk load is writing, value by value (SQLite's `BatchInsert`, PostgreSQL's
/// `PGCopyText`): how the rows of a seed batch are written once for both backends
/// (`SeedBatch.writeUser`, `SeedBatch.writeQueueRow`).
protocol BulkRow {
    mutating func integer(_ value: Int64)
    mutating func real(_ value: Double)
    mutating func text(_ bytes: ArraySlice<UInt8>)
    mutating func boolean(_ value: Bool)
}
