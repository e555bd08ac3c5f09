/// A table for people: a header row and aligned columns, wide (Hangul, CJK, emoji) characters
/// counted as two terminal cells.
struct TextTable {
    enum Alignment { case left, right }

    let headers: [String]
    let alignments: [Alignment]
    private(set) var rows: [[String]] = []

    init(_ columns: [(String, Alignment)]) {
        headers = columns.map(\.0)
        alignments = columns.map(\.1)
    }

    mutating func add(_ row: [String]) {
        rows.append(row)
    }

    func render(style: Style) -> String {
        let widths = headers.indices.map { column in
            ([headers] + rows).map { TextTable.width(of: $0[column]) }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - TextTable.width(of: cells[column]))
                return alignments[column] == .right ? padding + cells[column] : cells[column] + padding
            }.joined(separator: "  ").trimmingTrailingSpaces
        }
        return ([style.bold(line(headers))] + rows.map(line)).joined(separator: "\n") + "\n"
    }

    /// Terminal cells taken by `text`.
    static func width(of text: String) -> Int {
        text.reduce(0) { total, character in
            guard let scalar = character.unicodeScalars.first else { return total }
            let value = scalar.value
            let wide = (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
                || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
                || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
                || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value)
                || (0x20000...0x3FFFD).contains(value)
            return total + (wide ? 2 : 1)
        }
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
