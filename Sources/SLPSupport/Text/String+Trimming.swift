extension Unicode.Scalar {
    /// Foundation's `CharacterSet.whitespaces`: tab and the space separators (with U+200B).
    var isFoundationWhitespace: Bool {
        switch value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// Foundation's `CharacterSet.whitespacesAndNewlines`: the above, U+000A–U+000D, U+0085,
    /// U+2028 and U+2029.
    var isFoundationWhitespaceOrNewline: Bool {
        switch value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: isFoundationWhitespace
        }
    }
}

extension String {
    /// `trimmingCharacters(in: .whitespaces)`: scalars removed from both ends.
    package var trimmingWhitespace: String { trimmingScalars(where: \.isFoundationWhitespace) }

    /// `trimmingCharacters(in: .whitespacesAndNewlines)`.
    package var trimmingWhitespaceAndNewlines: String { trimmingScalars(where: \.isFoundationWhitespaceOrNewline) }

    private func trimmingScalars(where trimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !trimmed($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !trimmed($0) })!
        if first == scalars.startIndex && last == scalars.index(before: scalars.endIndex) { return self }
        return String(scalars[first...last])
    }
}
