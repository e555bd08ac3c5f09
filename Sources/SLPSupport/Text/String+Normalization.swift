/// The Unicode normalisations and case folding that validation and study keys need, without
/// Foundation's string API (so the `slp` binary links FoundationEssentials only).
///
/// Results equal swift-corelibs-foundation's `precomposedStringWithCanonicalMapping` (NFC),
/// `decomposedStringWithCompatibilityMapping` (NFKD), `precomposedStringWithCompatibilityMapping`
/// (NFKC) and `folding(options: .caseInsensitive, locale: nil)`, which stored names and keys were
/// made with: `Normalizer` follows CoreFoundation's `CFStringNormalize` step by step (including
/// where it departs from UAX #15, e.g. it never composes a Hangul LV syllable with a following
/// trailing jamo), with the tables in `UnicodeTables.swift` read from Foundation itself and
/// combining classes from the standard library.
extension String {
    /// NFC, as Foundation makes it.
    package var canonicallyComposed: String { Normalizer.normalize(self, .canonicalComposition) }

    /// NFKD, as Foundation makes it.
    package var compatibilityDecomposed: String { Normalizer.normalize(self, .compatibilityDecomposition) }

    /// NFKC, as Foundation makes it.
    package var compatibilityComposed: String { Normalizer.normalize(self, .compatibilityComposition) }

    /// Case folded scalar by scalar, as Foundation's `.caseInsensitive` folding does.
    package var caseFolded: String {
        if !utf8.contains(where: { $0 >= 0x80 || (0x41...0x5A).contains($0) }) { return self }
        // Hangul syllables and CJK unified ideographs have no case: only ASCII letters change.
        if unicodeScalars.allSatisfy({ $0.value < 0x80 || (0xAC00...0xD7A3).contains($0.value) || (0x4E00...0x9FFF).contains($0.value) }) {
            return String(decoding: utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar.value < 0x80 {
                scalars.append((0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(UInt8(scalar.value) | 0x20) : scalar)
            } else if let folded = UnicodeTables.caseFoldings[scalar.value] {
                scalars.append(contentsOf: folded.map { Unicode.Scalar($0)! })
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
