import CSQLite

extension Row: SQLRow {
    func text(_ column: String) -> String { text(Int(statement.columnIndex(column))) }
    func optionalText(_ column: String) -> String? { optionalText(Int(statement.columnIndex(column))) }
    func int64(_ column: String) -> Int64 { int64(Int(statement.columnIndex(column))) }
    func optionalInt64(_ column: String) -> Int64? { optionalInt64(Int(statement.columnIndex(column))) }
    func double(_ column: String) -> Double { double(Int(statement.columnIndex(column))) }
    func bool(_ column: String) -> Bool { bool(Int(statement.columnIndex(column))) }
}
