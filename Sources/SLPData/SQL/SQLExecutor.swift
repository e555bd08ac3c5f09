/// A connection that runs slp's shared SQL: statements written once, with parameters `$1`,
/// `$2`… and tables named without a schema; each backend takes care of its placeholders and of
/// where its tables live.
protocol SQLExecutor: AnyObject {
    associatedtype Row: SQLRow
    static var dialect: SQLDialect { get }
    /// Runs one statement; returns how many rows it inserted, changed or deleted.
    @discardableResult
    func run(_ sql: String, _ values: [SQLValue]) throws -> Int
    /// Calls `body` with each row one statement returns, in order.
    func forEach(_ sql: String, _ values: [SQLValue], _ body: (Row) throws -> Void) throws
}

extension SQLExecutor {
    /// Every row, each read by `read`.
    func map<T>(_ sql: String, _ values: [SQLValue], _ read: (Row) throws -> T) throws -> [T] {
        var rows: [T] = []
        try forEach(sql, values) { rows.append(try read($0)) }
        return rows
    }

    /// The first row read by `read`, or nil when there is none.
    func first<T>(_ sql: String, _ values: [SQLValue], _ read: (Row) throws -> T) throws -> T? {
        var found: T?
        try forEach(sql, values) { row in
            if found == nil { found = try read(row) }
        }
        return found
    }
}
