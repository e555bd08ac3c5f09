import SLPTerminal

/// A table for people: a header row and aligned columns, wide (Hangul, CJK, emoji) characters
/// counted as two terminal cells. Given a width, the columns that may be cut shrink (in the
/// order given, down to their header's width) and their long cells end in `…`.
struct TextTable {
    enum Alignment { case left, right }

    let headers: [String]
    let alignments: [Alignment]
    /// The columns that may be cut to fit a width, the first cut first.
    let cuttable: [Int]
    private(set) var rows: [[String]] = []

    init(_ columns: [(String, Alignment)], cuttable: [Int] = []) {
        headers = columns.map(\.0)
        alignments = columns.map(\.1)
        self.cuttable = cuttable
    }

    mutating func add(_ row: [String]) {
        rows.append(row)
    }

    /// Each cell's width is measured once and each line is built in place: a search answers
    /// thousands of rows, and measuring and padding through temporary strings took longer
    /// than the search itself.
    func render(style: Style, width: Int? = nil) -> String {
        let headerWidths = headers.map(TextTable.width(of:))
        let rowWidths = rows.map { $0.map(TextTable.width(of:)) }
        var widths = headerWidths
        for cellWidths in rowWidths {
            for column in widths.indices { widths[column] = max(widths[column], cellWidths[column]) }
        }
        if let width {
            var excess = widths.reduce(2 * (widths.count - 1), +) - width
            for column in cuttable where excess > 0 {
                let cut = min(excess, widths[column] - headerWidths[column])
                widths[column] -= cut
                excess -= cut
            }
        }
        var text = style.bold(line(headers, cellWidths: headerWidths, widths: widths))
        text.reserveCapacity(text.utf8.count + rows.count * (widths.reduce(2 * widths.count, +) + 8))
        text.append("\n")
        for (cells, cellWidths) in zip(rows, rowWidths) {
            text.append(line(cells, cellWidths: cellWidths, widths: widths))
            text.append("\n")
        }
        return text
    }

    /// One row, padded to the column widths, two spaces between columns, no trailing spaces.
    private func line(_ cells: [String], cellWidths: [Int], widths: [Int]) -> String {
        var text = ""
        for column in cells.indices {
            if column > 0 { text.append("  ") }
            var cell = cells[column], cellWidth = cellWidths[column]
            if cellWidth > widths[column] {
                let kept = TerminalText.prefix(cell, width: widths[column] - 1)
                (cell, cellWidth) = (kept.text + "…", kept.width + 1)
            }
            let padding = widths[column] - cellWidth
            if alignments[column] == .right { Self.pad(&text, padding) }
            text.append(cell)
            if alignments[column] == .left { Self.pad(&text, padding) }
        }
        while text.utf8.last == UInt8(ascii: " ") { text.unicodeScalars.removeLast() }
        return text
    }

    private static let blanks = String(repeating: " ", count: 64)

    private static func pad(_ text: inout String, _ count: Int) {
        var left = count
        while left > 0 {
            text.append(contentsOf: blanks.prefix(min(left, 64)))
            left -= 64
        }
    }

    /// Terminal cells taken by `text`: one per ASCII character, two for wide ones (Hangul,
    /// CJK, emoji), none for combining marks.
    static func width(of text: String) -> Int {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
        return DisplayWidth.of(text)
    }
}
