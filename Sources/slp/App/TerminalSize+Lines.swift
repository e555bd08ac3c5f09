import SLPTerminal

extension TerminalSize {
    /// The screen lines `text` takes: each line, wrapped at the width (wide characters count
    /// two, colour and other escape sequences none).
    func lines(of text: String) -> Int {
        guard !text.isEmpty else { return 0 }
        var count = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0) {
            let width = TextTable.width(of: Self.withoutEscapes(line))
            count += max(1, (width + columns - 1) / columns)
        }
        return count
    }

    /// `line` without its control sequences (ESC `[`, parameters, one final byte 0x40–0x7E).
    private static func withoutEscapes(_ line: Substring) -> String {
        guard line.utf8.contains(0x1B) else { return String(line) }
        var kept: [UInt8] = []
        var inSequence = false, afterEscape = false
        for byte in line.utf8 {
            if afterEscape {
                afterEscape = false
                inSequence = byte == UInt8(ascii: "[")
                continue
            }
            if inSequence {
                if (0x40...0x7E).contains(byte) { inSequence = false }
                continue
            }
            if byte == 0x1B {
                afterEscape = true
                continue
            }
            kept.append(byte)
        }
        return String(decoding: kept, as: UTF8.self)
    }
}
