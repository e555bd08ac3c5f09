/// The tables of `UnicodeTableText` and `ConfusableTableText`, each parsed once on first use.
enum UnicodeTables {
    static let canonicalDecompositions = mappings(UnicodeTableText.canonicalDecompositions)
    static let compatibilityDecompositions = mappings(UnicodeTableText.compatibilityDecompositions)
    static let caseFoldings = mappings(UnicodeTableText.caseFoldings)
    static let compositions: [UInt64: UInt32] = {
        var table: [UInt64: UInt32] = [:]
        for (key, values) in entries(UnicodeTableText.compositions) where key.count == 2 && values.count == 1 {
            table[UInt64(key[0]) << 32 | UInt64(key[1])] = values[0]
        }
        return table
    }()
    /// Confusables' prototypes of ASCII scalars: a few entries, so that ASCII text never
    /// loads the others.
    static let asciiConfusablePrototypes = mappings(ConfusableTableText.asciiPrototypes)
    static let confusablePrototypes = mappings(ConfusableTableText.prototypes)
    static let nonBaseCharacters: [ClosedRange<UInt32>] = entries(UnicodeTableText.nonBaseCharacters).map {
        $0.key.first!...$0.key.last!
    }

    private static func mappings(_ text: String) -> [UInt32: [UInt32]] {
        var table: [UInt32: [UInt32]] = [:]
        for (key, values) in entries(text) { table[key[0]] = values }
        return table
    }

    /// `hex hex…:hex hex…;` entries (the part after `:` optional), whitespace around ignored.
    private static func entries(_ text: String) -> [(key: [UInt32], values: [UInt32])] {
        var result: [(key: [UInt32], values: [UInt32])] = []
        var key: [UInt32] = [], values: [UInt32] = []
        var value: UInt32 = 0, digits = 0, afterColon = false
        func endNumber() {
            if digits > 0 { if afterColon { values.append(value) } else { key.append(value) } }
            value = 0
            digits = 0
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = value << 4 | UInt32(byte - UInt8(ascii: "0"))
                digits += 1
            case UInt8(ascii: "A")...UInt8(ascii: "F"):
                value = value << 4 | UInt32(byte - UInt8(ascii: "A") + 10)
                digits += 1
            case UInt8(ascii: ":"):
                endNumber()
                afterColon = true
            case UInt8(ascii: ";"):
                endNumber()
                if !key.isEmpty { result.append((key, values)) }
                key = []
                values = []
                afterColon = false
            default:
                endNumber()
            }
        }
        return result
    }
}
