/// The columns of `row` whose names start with `prefix`, read by the rest of their names: one
/// statement returns several records side by side (`q_uid` beside the user's `uid`), and each
/// record's reader reads its own as it does alone.
struct PrefixedRow<Row: SQLRow>: SQLRow {
    let row: Row
    let prefix: String

    func text(_ column: String) -> String { row.text(prefix + column) }
    func optionalText(_ column: String) -> String? { row.optionalText(prefix + column) }
    func int64(_ column: String) -> Int64 { row.int64(prefix + column) }
    func optionalInt64(_ column: String) -> Int64? { row.optionalInt64(prefix + column) }
    func double(_ column: String) -> Double { row.double(prefix + column) }
    func bool(_ column: String) -> Bool { row.bool(prefix + column) }
}
