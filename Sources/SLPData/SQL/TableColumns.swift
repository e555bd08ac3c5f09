/// Columns of one table, named once in the order their values come: the column lists of the
/// INSERT, COPY, SELECT and UPDATE statements that name them are all made from it.
struct TableColumns: Sendable, ExpressibleByArrayLiteral {
    let names: [String]

    init(_ names: [String]) {
        self.names = names
    }

    init(arrayLiteral names: String...) {
        self.names = names
    }

    var count: Int { names.count }

    /// `a, b, c`.
    var list: String { names.commaSeparated }

    /// `t.a AS pa, t.b AS pb, …`: these columns of the table called `table`, each named with
    /// `prefix` in front (read back through `PrefixedRow`).
    func selected(from table: String, as prefix: String) -> String {
        names.map { "\(table).\($0) AS \(prefix)\($0)" }.commaSeparated
    }

    /// `$first, $first+1, …`: a parameter for each column.
    func placeholders(from first: Int = 1) -> String {
        names.indices.map { "$\(first + $0)" }.commaSeparated
    }

    /// `INSERT INTO table (a, b) VALUES ($1, $2)`, with the values from parameter `first` on.
    func insert(into table: String, placeholdersFrom first: Int = 1) -> String {
        "INSERT INTO \(table) (\(list)) VALUES (\(placeholders(from: first)))"
    }

    /// `a = $first, b = $first+1, …`: an UPDATE's assignments.
    func assignments(from first: Int = 1) -> String {
        names.indices.map { "\(names[$0]) = $\(first + $0)" }.commaSeparated
    }

    /// `a = excluded.a, …`: an upsert's assignments of the row that was to be inserted.
    var assignmentsFromExcluded: String {
        names.map { "\($0) = excluded.\($0)" }.commaSeparated
    }

    /// These columns but the first `count`.
    func dropFirst(_ count: Int = 1) -> TableColumns {
        TableColumns(Array(names.dropFirst(count)))
    }

    static func + (left: TableColumns, right: TableColumns) -> TableColumns {
        TableColumns(left.names + right.names)
    }
}

extension [String] {
    /// `a, b, c`, built by hand: `joined(separator:)` instantiates generic metadata at run time
    /// the first time, a cost every short-lived process would pay for its first statement.
    fileprivate var commaSeparated: String {
        var text = ""
        for (index, part) in enumerated() {
            if index > 0 { text += ", " }
            text += part
        }
        return text
    }
}
