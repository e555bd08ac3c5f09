#if PostgreSQL
/// PostgreSQL runs the shared SQL as it is: its placeholders are PostgreSQL's, and the tables
/// are found in the schema `slp`, the only one on the session's search path (`PGDatabase`).
extension PGConnection: SQLExecutor {
    @discardableResult
    func run(_ sql: String, _ values: [SQLValue]) throws -> Int {
        try execute(sql, texts: values.map(\.pgText)).affectedRows
    }

    func forEach(_ sql: String, _ values: [SQLValue], _ body: (PGRow) throws -> Void) throws {
        let result = try execute(sql, texts: values.map(\.pgText))
        for index in 0..<result.rowCount { try body(PGRow(result: result, index: index)) }
    }
}

extension SQLValue {
    /// The parameter in PostgreSQL's text form; nil for NULL.
    var pgText: String? {
        switch self {
        case .null: nil
        case .integer(let integer): integer.pgText
        case .real(let real): real.pgText
        case .text(let text): text
        case .bool(let bool): bool.pgText
        }
    }
}
#endif
