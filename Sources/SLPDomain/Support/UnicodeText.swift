/// The Unicode normalisations and case folding that validation and study keys need, without
/// Foundation's ICU-backed string API (so the `slp` binary links FoundationEssentials only).
///
/// Results equal swift-corelibs-foundation's `precomposedStringWithCanonicalMapping` (NFC),
/// `decomposedStringWithCompatibilityMapping` (NFKD), `precomposedStringWithCompatibilityMapping`
/// (NFKC) and `folding(options: .caseInsensitive, locale: nil)`: the tables in
/// `UnicodeTables.swift` were read from it, and canonical ordering and composition come from the
/// standard library's Unicode data.
extension String {
    /// NFC, by the standard library's normaliser.
    var canonicallyComposed: String {
        if utf8.allSatisfy({ $0 < 0x80 }) { return self }
        return String(decoding: _nfcCodeUnits, as: UTF8.self)
    }

    /// NFKD: every scalar fully decomposed (compatibility mappings included), marks in
    /// canonical order.
    var compatibilityDecomposed: String {
        if utf8.allSatisfy({ $0 < 0x80 }) { return self }
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(utf8.count)
        for scalar in unicodeScalars { UnicodeTables.appendDecomposition(of: scalar, to: &scalars) }
        UnicodeTables.orderCanonically(&scalars)
        return String(String.UnicodeScalarView(scalars))
    }

    /// NFKC: NFKD, then canonical composition.
    var compatibilityComposed: String {
        if utf8.allSatisfy({ $0 < 0x80 }) { return self }
        return compatibilityDecomposed.canonicallyComposed
    }

    /// Case folded scalar by scalar, as Foundation's `.caseInsensitive` folding does.
    var caseFolded: String {
        var scalars = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar.value < 0x80 {
                scalars.append((0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(UInt8(scalar.value) + 0x20) : scalar)
            } else if let folded = UnicodeTables.caseFoldings[scalar.value] {
                scalars.append(contentsOf: folded)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}

enum UnicodeTables {
    static let compatibilityDecompositions = parse(UnicodeTableText.compatibilityDecompositions)
    static let caseFoldings = parse(UnicodeTableText.caseFoldings)

    /// `scalar:result result…;` in hex, whitespace ignored.
    private static func parse(_ text: String) -> [UInt32: [Unicode.Scalar]] {
        var table: [UInt32: [Unicode.Scalar]] = [:]
        var key: UInt32 = 0, value: UInt32 = 0, digits = 0
        var mapping: [Unicode.Scalar] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt32(byte - UInt8(ascii: "0")); digits += 1
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = value << 4 | UInt32(byte - UInt8(ascii: "A") + 10); digits += 1
            case UInt8(ascii: ":"): key = value; value = 0; digits = 0
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: ";"):
                if digits > 0, let scalar = Unicode.Scalar(value) { mapping.append(scalar) }
                value = 0; digits = 0
                if byte == UInt8(ascii: ";") { table[key] = mapping; mapping = [] }
            default: break
            }
        }
        return table
    }

    private static let hangulBase: UInt32 = 0xAC00, hangulCount: UInt32 = 11_172
    private static let leadBase: UInt32 = 0x1100, vowelBase: UInt32 = 0x1161, trailBase: UInt32 = 0x11A7
    private static let vowelCount: UInt32 = 21, trailCount: UInt32 = 28

    static func appendDecomposition(of scalar: Unicode.Scalar, to scalars: inout [Unicode.Scalar]) {
        let value = scalar.value
        if value < 0xA0 {
            scalars.append(scalar)
        } else if value &- hangulBase < hangulCount {
            let index = value - hangulBase
            scalars.append(Unicode.Scalar(leadBase + index / (vowelCount * trailCount))!)
            scalars.append(Unicode.Scalar(vowelBase + index % (vowelCount * trailCount) / trailCount)!)
            if index % trailCount != 0 { scalars.append(Unicode.Scalar(trailBase + index % trailCount)!) }
        } else if let mapping = compatibilityDecompositions[value] {
            scalars.append(contentsOf: mapping)
        } else {
            scalars.append(scalar)
        }
    }

    /// Canonical ordering: each run of non-starters sorted stably by combining class.
    static func orderCanonically(_ scalars: inout [Unicode.Scalar]) {
        var index = 1
        while index < scalars.count {
            let combiningClass = scalars[index].properties.canonicalCombiningClass.rawValue
            if combiningClass != 0 {
                var position = index
                while position > 0 {
                    let before = scalars[position - 1].properties.canonicalCombiningClass.rawValue
                    guard before > combiningClass else { break }
                    scalars.swapAt(position - 1, position)
                    position -= 1
                }
            }
            index += 1
        }
    }
}
