#if PostgreSQL
/// One row of a `PGResult`, its columns read by position. Columns read as numbers or booleans
/// are ones slp's schema declares so (NOT NULL unless read as optional): a value that does not
/// parse reads as zero or false.
struct PGRow: StoredRow {
    let result: PGResult
    let index: Int

    func text(_ column: Int) -> String { result.text(index, column) ?? "" }
    func optionalText(_ column: Int) -> String? { result.text(index, column) }
    func int64(_ column: Int) -> Int64 { optionalInt64(column) ?? 0 }
    func optionalInt64(_ column: Int) -> Int64? { result.text(index, column).flatMap { Int64($0) } }
    func int(_ column: Int) -> Int { Int(int64(column)) }
    func double(_ column: Int) -> Double { result.text(index, column).flatMap { Double($0) } ?? 0 }
    func bool(_ column: Int) -> Bool { result.text(index, column) == "t" }
}
#endif
