#if PostgreSQL
import CLibPQ

/// The rows of one statement, read as text; cleared when released.
final class PGResult {
    private let pointer: OpaquePointer
    /// Where its columns stand, shared by the results of one prepared statement.
    private let columns: PGColumns

    init(_ pointer: OpaquePointer, columns: PGColumns) {
        self.pointer = pointer
        self.columns = columns
    }

    deinit { PQclear(pointer) }

    var rowCount: Int { Int(PQntuples(pointer)) }
    var columnCount: Int { Int(PQnfields(pointer)) }

    /// The value at `row`, `column` as text, nil for NULL.
    func text(_ row: Int, _ column: Int) -> String? {
        guard PQgetisnull(pointer, Int32(row), Int32(column)) == 0 else { return nil }
        return String(cString: PQgetvalue(pointer, Int32(row), Int32(column)))
    }

    /// The position of the column `name`; a name the statement does not return is a bug.
    func columnIndex(_ name: String) -> Int {
        guard let index = columns.position(of: name, in: pointer) else { preconditionFailure("the statement returns no column \(name)") }
        return index
    }

    /// How many rows an INSERT, UPDATE or DELETE touched.
    var affectedRows: Int { Int(String(cString: PQcmdTuples(pointer))) ?? 0 }

    /// The rows, each read by `body`.
    func map<T>(_ body: (PGRow) throws -> T) rethrows -> [T] {
        try (0..<rowCount).map { try body(PGRow(result: self, index: $0)) }
    }

    /// The first row read by `body`, or nil when there is none.
    func first<T>(_ body: (PGRow) throws -> T) rethrows -> T? {
        rowCount == 0 ? nil : try body(PGRow(result: self, index: 0))
    }
}
#endif
