/// SQLite runs the shared SQL with its placeholders renamed: `$1` is a named parameter to
/// SQLite, numbered by first appearance, while `?1` is the first parameter wherever it appears.
extension Connection: SQLExecutor {
    @discardableResult
    func run(_ sql: String, _ values: [SQLValue]) throws -> Int {
        try shared(sql).run(values.map(Self.sqliteValue))
        return changes
    }

    func forEach(_ sql: String, _ values: [SQLValue], _ body: (Row) throws -> Void) throws {
        try shared(sql).forEach(values.map(Self.sqliteValue), body)
    }

    /// The prepared statement of a shared statement, kept for reuse like `cached`.
    private func shared(_ sql: String) throws -> Statement {
        try cached(Self.sqlitePlaceholders(sql))
    }

    /// `sql` with every `$N` written `?N`. slp's statements hold no `$` inside quotes.
    static func sqlitePlaceholders(_ sql: String) -> String {
        guard sql.utf8.contains(UInt8(ascii: "$")) else { return sql }
        var bytes = Array(sql.utf8)
        for index in bytes.indices where bytes[index] == UInt8(ascii: "$") {
            if index + 1 < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index + 1]) {
                bytes[index] = UInt8(ascii: "?")
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func sqliteValue(_ value: SQLValue) -> SQLiteValue {
        switch value {
        case .null: .null
        case .integer(let integer): .integer(integer)
        case .real(let real): .real(real)
        case .text(let text): .text(text)
        case .bool(let bool): .integer(bool ? 1 : 0)
        }
    }
}
