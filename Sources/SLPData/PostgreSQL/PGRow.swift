#if PostgreSQL
/// One row of a `PGResult`, its columns read by position or by name. Columns read as numbers
/// or booleans are ones slp's schema declares so (NOT NULL unless read as optional): a value
/// that does not parse reads as zero or false.
struct PGRow: SQLRow {
    let result: PGResult
    let index: Int

    func text(_ column: Int) -> String { result.text(index, column) ?? "" }
    func optionalText(_ column: Int) -> String? { result.text(index, column) }
    func int64(_ column: Int) -> Int64 { optionalInt64(column) ?? 0 }
    func optionalInt64(_ column: Int) -> Int64? { result.text(index, column).flatMap { Int64($0) } }
    func int(_ column: Int) -> Int { Int(int64(column)) }
    func double(_ column: Int) -> Double { result.text(index, column).flatMap { Double($0) } ?? 0 }
    func bool(_ column: Int) -> Bool { result.text(index, column) == "t" }

    func text(_ column: String) -> String { text(result.columnIndex(column)) }
    func optionalText(_ column: String) -> String? { optionalText(result.columnIndex(column)) }
    func int64(_ column: String) -> Int64 { int64(result.columnIndex(column)) }
    func optionalInt64(_ column: String) -> Int64? { optionalInt64(result.columnIndex(column)) }
    func double(_ column: String) -> Double { double(result.columnIndex(column)) }
    func bool(_ column: String) -> Bool { bool(result.columnIndex(column)) }
}
#endif
