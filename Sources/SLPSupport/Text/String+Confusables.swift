/// Unicode's confusable prototypes (UTS #39 `confusables.txt`, `ConfusableTableText`): the
/// mapping step of a confusable skeleton, which compares look-alike spellings (`Admın` with a
/// dotless ı, Cyrillic `аdmin`) as one.
extension String {
    /// Each scalar replaced by its prototype, unnormalised: UTS #39's skeleton of NFKD text is
    /// the NFD of this. Hangul jamo are kept as they are (`Scripts/unicode-tables.swift` says
    /// why), and so is every scalar NFKD changes, as this text has none: ASCII and Hangul text
    /// never loads the table of other scripts.
    package var confusablePrototypes: String {
        var scalars = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            let value = scalar.value
            let prototype = value < 0x80 ? UnicodeTables.asciiConfusablePrototypes[value]
                : String.isHangul(value) ? nil : UnicodeTables.confusablePrototypes[value]
            guard let prototype else {
                scalars.append(scalar)
                continue
            }
            scalars.append(contentsOf: prototype.compactMap(Unicode.Scalar.init))
        }
        return String(scalars)
    }

    /// Hangul syllables and jamo of every block, which the table leaves out.
    private static func isHangul(_ value: UInt32) -> Bool {
        (0x1100...0x11FF).contains(value) || (0x3130...0x318F).contains(value) || (0xA960...0xA97F).contains(value)
            || (0xAC00...0xD7FF).contains(value) || (0xFFA0...0xFFDF).contains(value)
    }
}
