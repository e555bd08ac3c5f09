
extension Unicode.Scalar {
    /// Printable ASCII, precomposed Hangul syllables or CJK ideographs: characters that are
    /// visible, unchanged by NFC, NFKC and case folding beyond ASCII lower-casing, and one
    /// scalar per character. Text made only of these skips the (slow) Foundation normalisers.
    var isSimpleText: Bool {
        (0x21...0x7E).contains(value) || (0xAC00...0xD7A3).contains(value) || (0x4E00...0x9FFF).contains(value)
    }
}

extension String {
    /// True when every scalar is `isSimpleText` or an inner single space.
    var isSimpleText: Bool {
        // Most text is ASCII: check the bytes first.
        var copy = self
        let ascii: Bool? = copy.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20 else { return false }
            return bytes.allSatisfy { (0x20...0x7E).contains($0) } ? true : nil
        }
        if let ascii { return ascii }
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last, first != " ", last != " " else { return false }
        return scalars.allSatisfy { $0.isSimpleText || $0 == " " }
    }

    /// Scalars in simple text are characters, so this equals `count` there, and is cheaper.
    var simpleTextCount: Int { unicodeScalars.count }

    /// ASCII letters lower-cased, everything else kept (case folding of simple text).
    var asciiLowercased: String {
        guard utf8.contains(where: { (0x41...0x5A).contains($0) }) else { return self }
        return String(decoding: utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}
