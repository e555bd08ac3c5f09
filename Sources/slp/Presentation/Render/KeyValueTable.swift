/// Two aligned columns, `key  value`, for records shown to people.
struct KeyValueTable {
    private var rows: [(String, String)] = []

    mutating func add(_ key: String, _ value: String) {
        rows.append((key, value))
    }

    func render(style: Style) -> String {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { key, value in
            value.isEmpty ? style.bold(key) : style.bold(key) + String(repeating: " ", count: width - key.count + 2) + value
        }.joined(separator: "\n") + "\n"
    }
}
