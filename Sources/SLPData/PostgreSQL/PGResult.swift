#if PostgreSQL
import CLibPQ

/// The rows of one statement, read as text; cleared when released.
final class PGResult {
    private let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { PQclear(pointer) }

    var rowCount: Int { Int(PQntuples(pointer)) }
    var columnCount: Int { Int(PQnfields(pointer)) }

    /// The value at `row`, `column` as text, nil for NULL.
    func text(_ row: Int, _ column: Int) -> String? {
        guard PQgetisnull(pointer, Int32(row), Int32(column)) == 0 else { return nil }
        return String(cString: PQgetvalue(pointer, Int32(row), Int32(column)))
    }

    /// How many rows an INSERT, UPDATE or DELETE touched.
    var affectedRows: Int { Int(String(cString: PQcmdTuples(pointer))) ?? 0 }
}
#endif
