import SLPTerminal

extension TerminalSize {
    /// The screen lines `text` takes: each line, wrapped at the width (wide characters count two).
    func lines(of text: String) -> Int {
        guard !text.isEmpty else { return 0 }
        var count = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0) {
            let width = TextTable.width(of: String(line))
            count += max(1, (width + columns - 1) / columns)
        }
        return count
    }
}
