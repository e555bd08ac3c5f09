import SLPTerminal

/// What `slp map`'s marks mean, in words, and how many people it shows at which scale: short
/// entries laid out in as many lines as the width needs, never cut.
struct MapLegend: Equatable, Sendable {
    /// The entries in reading order, each kept whole on one line.
    let entries: [String]
    /// The entry drawn in green, on a colour terminal only: it says what green means.
    private let greenEntry: Int?

    init(_ grid: MapGrid, colors: Bool) {
        var entries = [
            grid.atMySpot == 0 ? "◎ you" : "◉ you and \(grid.atMySpot) more here",
            "● one person",
            "2–9 people",
        ]
        if grid.densest > 9 { entries.append("+ 10 to \(grid.densest) people") }
        entries.append("· rings " + grid.rings.map(RoundDistance.label).joined(separator: ", "))
        greenEntry = colors ? entries.count : nil
        if colors { entries.append("green: shares a study") }
        let people = grid.people == 1 ? "1 person" : "\(grid.people) people"
        entries.append("\(people), \(grid.sharing) share\(grid.sharing == 1 ? "s" : "") a study")
        entries.append("1 column = \(RoundDistance.label(grid.metresPerColumn)), 1 line = \(RoundDistance.label(2 * grid.metresPerColumn))")
        self.entries = entries
    }

    /// The entries filled into lines of at most `width` columns, two blanks between entries;
    /// an entry wider than a line is wrapped between its words.
    func lines(width: Int, style: Style) -> [String] {
        var lines: [String] = []
        var line = "", used = 0
        for (number, entry) in entries.enumerated() {
            for text in TerminalText.wrap(entry, width: width) {
                let columns = DisplayWidth.of(text)
                let painted = number == greenEntry ? style.green(text) : text
                if used > 0 && used + 2 + columns <= width {
                    line += "  " + painted
                    used += 2 + columns
                } else {
                    if used > 0 { lines.append(line) }
                    (line, used) = (painted, columns)
                }
            }
        }
        if used > 0 { lines.append(line) }
        return lines
    }
}
