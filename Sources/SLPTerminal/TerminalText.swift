/// Text laid out in terminal columns: made safe to print, cut to a width, wrapped.
public enum TerminalText {
    /// `text` as it may be printed on a screen: a tab becomes a space, and every other control
    /// character (the escape that starts a terminal command above all) becomes U+FFFD, so that
    /// someone else's message can neither move the cursor nor change the terminal. Line breaks
    /// are kept when `keepingNewlines`.
    public static func sanitized(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" && keepingNewlines {
                result.append(scalar)
            } else if scalar == "\t" {
                result.append(" ")
            } else if isControl(scalar) {
                result.append("\u{FFFD}")
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }

    /// The longest start of `text` that fits in `width` columns, and the columns it takes. A
    /// wide character that would straddle the edge is left out.
    public static func prefix(_ text: some StringProtocol, width: Int) -> (text: String, width: Int) {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let columns = DisplayWidth.of(text[index])
            if used + columns > width { break }
            used += columns
            end = text.index(after: index)
        }
        return (String(text[..<end]), used)
    }

    /// `text` cut to `width` columns and padded with spaces to exactly `width`.
    public static func fitted(_ text: some StringProtocol, width: Int) -> String {
        let (cut, used) = prefix(text, width: width)
        return cut + String(repeating: " ", count: max(0, width - used))
    }

    /// `text` broken into lines of at most `width` columns: between words where a word fits,
    /// inside a word longer than a line; each `\n` starts a new line. Spaces at a break are dropped.
    public static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = "", lineWidth = 0
            for word in words(paragraph) {
                let wordWidth = DisplayWidth.of(word)
                let isSpace = word.first == " "
                if lineWidth + wordWidth <= width {
                    line += word
                    lineWidth += wordWidth
                    continue
                }
                if isSpace {
                    // A break here: the spaces go.
                    if lineWidth > 0 { lines.append(line) }
                    line = ""
                    lineWidth = 0
                    continue
                }
                if lineWidth > 0 && wordWidth <= width {
                    lines.append(trimmed(line))
                    line = String(word)
                    lineWidth = wordWidth
                    continue
                }
                // A word longer than a line fills this one and goes on in the next.
                for character in word {
                    let columns = DisplayWidth.of(character)
                    if lineWidth + columns > width && lineWidth > 0 {
                        lines.append(trimmed(line))
                        line = ""
                        lineWidth = 0
                    }
                    line.append(character)
                    lineWidth += columns
                }
            }
            lines.append(line)
        }
        return lines
    }

    /// `line` without the spaces at its end, where it was broken.
    private static func trimmed(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }

    /// Runs of spaces and runs of anything else, in order.
    private static func words(_ text: Substring) -> [Substring] {
        var words: [Substring] = []
        var start = text.startIndex
        var index = start
        while index < text.endIndex {
            let next = text.index(after: index)
            if next < text.endIndex && (text[index] == " ") != (text[next] == " ") {
                words.append(text[start..<next])
                start = next
            }
            index = next
        }
        if start < text.endIndex { words.append(text[start...]) }
        return words
    }
}
