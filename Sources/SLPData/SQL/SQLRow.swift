/// One row of a statement's result, its columns read by name: a record reads what it needs,
/// wherever the column stands in the row and whichever backend returned it. Reading a column
/// the statement does not return is a bug in slp, and stops it.
protocol SQLRow: SendableMetatype {
    func text(_ column: String) -> String
    func optionalText(_ column: String) -> String?
    func int64(_ column: String) -> Int64
    func optionalInt64(_ column: String) -> Int64?
    func double(_ column: String) -> Double
    func bool(_ column: String) -> Bool
}

extension SQLRow {
    func int(_ column: String) -> Int { Int(int64(column)) }
}
