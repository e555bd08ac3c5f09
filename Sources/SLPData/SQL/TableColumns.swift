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
    var list: String { names.joined(separator: ", ") }

    /// `$first, $first+1, …`: a parameter for each column.
    func placeholders(from first: Int = 1) -> String {
        names.indices.map { "$\(first + $0)" }.joined(separator: ", ")
    }

    /// `INSERT INTO table (a, b) VALUES ($1, $2)`, with the values from parameter `first` on.
    func insert(into table: String, placeholdersFrom first: Int = 1) -> String {
        "INSERT INTO \(table) (\(list)) VALUES (\(placeholders(from: first)))"
    }

    /// `a = $first, b = $first+1, …`: an UPDATE's assignments.
    func assignments(from first: Int = 1) -> String {
        names.indices.map { "\(names[$0]) = $\(first + $0)" }.joined(separator: ", ")
    }

    /// `a = excluded.a, …`: an upsert's assignments of the row that was to be inserted.
    var assignmentsFromExcluded: String {
        names.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
    }

    /// These columns but the first `count`.
    func dropFirst(_ count: Int = 1) -> TableColumns {
        TableColumns(Array(names.dropFirst(count)))
    }

    static func + (left: TableColumns, right: TableColumns) -> TableColumns {
        TableColumns(left.names + right.names)
    }
}
