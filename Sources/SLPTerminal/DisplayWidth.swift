/// How many terminal columns text takes: two for East Asian wide and full-width characters
/// (Hangul, CJK, kana) and for emoji, none for combining marks and format characters, one for
/// the rest, as wcwidth(3) counts them in a UTF-8 locale. Measured per grapheme cluster, as a
/// terminal draws it: a base with its marks, a ZWJ emoji sequence or a flag is one glyph.
public enum DisplayWidth {
    /// Columns of one character (grapheme cluster).
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F && character.utf8.count == 1 { return first.value >= 0x20 ? 1 : 0 }
        var width = of(first)
        if width == 1 {
            // An emoji presentation selector makes a text-style symbol (U+2764) an emoji glyph.
            for scalar in scalars.dropFirst() where scalar.value == 0xFE0F { width = 2 }
        }
        if width == 0 {
            // A cluster that starts with a zero-width scalar (a lone mark) still shows what follows.
            width = scalars.dropFirst().reduce(0) { max($0, of($1)) }
        }
        return width
    }

    /// Columns of one scalar on its own.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        if value < 0xA0 { return 0 }  // DEL and the C1 controls
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .lineSeparator, .paragraphSeparator:
            return 0
        default:
            break
        }
        // Hangul medial vowels and final consonants join the initial consonant before them.
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        if EastAsianWide.contains(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// Columns of a whole string.
    public static func of(_ text: some StringProtocol) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        var total = 0
        for character in text { total += of(character) }
        return total
    }
}
