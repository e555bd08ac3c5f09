// Writes Sources/SLPDomain/Support/UnicodeTables.swift from the running Foundation:
//
//   swift Scripts/unicode-tables.swift > Sources/SLPDomain/Support/UnicodeTables.swift
//
// SLPDomain normalises text without Foundation's string API (slp links FoundationEssentials
// only), following CFStringNormalize with these tables; UnicodeTextTests compares the results
// with Foundation. Run on Linux with swift-corelibs-foundation, then run the tests.
import Foundation

func hex(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true) }
func text(_ scalars: [Unicode.Scalar]) -> String { String(String.UnicodeScalarView(scalars)) }
func entry(_ key: String, _ values: [Unicode.Scalar]) -> String { key + ":" + values.map { hex($0.value) }.joined(separator: " ") }

var canonical: [String] = [], compatibility: [String] = [], compositions: [String] = [], foldings: [String] = []
var nonBase: [ClosedRange<UInt32>] = []
for value in UInt32(0)...0x10FFFF {
    guard let scalar = Unicode.Scalar(value) else { continue }
    if CharacterSet.nonBaseCharacters.contains(scalar) {
        if let last = nonBase.last, last.upperBound == value - 1 {
            nonBase[nonBase.count - 1] = last.lowerBound...value
        } else {
            nonBase.append(value...value)
        }
    }
    let alone = text([scalar])
    let folded = Array(alone.folding(options: [.caseInsensitive], locale: nil).unicodeScalars)
    if folded != [scalar] { foldings.append(entry(hex(value), folded)) }
    if (0xAC00...0xD7A3).contains(value) { continue }  // Hangul syllables: algorithmic
    let decomposed = Array(alone.decomposedStringWithCanonicalMapping.unicodeScalars)
    if decomposed != [scalar] {
        canonical.append(entry(hex(value), decomposed))
        // The pair NFC composes last: the rest composed, and the final mark.
        if decomposed.count >= 2 {
            let base = Array(text(Array(decomposed.dropLast())).precomposedStringWithCanonicalMapping.unicodeScalars)
            if base.count == 1, Array(text(decomposed).precomposedStringWithCanonicalMapping.unicodeScalars) == [scalar] {
                compositions.append(hex(base[0].value) + " " + hex(decomposed.last!.value) + ":" + hex(value))
            }
        }
        continue
    }
    let compatible = Array(alone.decomposedStringWithCompatibilityMapping.unicodeScalars)
    if compatible != [scalar] { compatibility.append(entry(hex(value), compatible)) }
}

func literal(_ name: String, _ documentation: String, _ entries: [String], perLine: Int = 12) -> String {
    var lines = ["    /// \(documentation)", "    static let \(name) = \"\"\""]
    for start in stride(from: 0, to: entries.count, by: perLine) {
        lines.append("    " + entries[start..<min(start + perLine, entries.count)].joined(separator: ";") + ";")
    }
    lines.append("    \"\"\"")
    return lines.joined(separator: "\n") + "\n"
}

print("""
    // Generated from swift-corelibs-foundation (Swift 6.3.1) on Linux by `Scripts/unicode-tables.swift`;
    // each table lists, in hex, only the scalars whose result differs from the scalar itself.
    // Hangul syllables decompose algorithmically and are left out.

    enum UnicodeTableText {
    """)
print(literal("canonicalDecompositions", "`scalar:decomposition;` — `decomposedStringWithCanonicalMapping` of the scalar alone.", canonical))
print(literal(
    "compatibilityDecompositions",
    "`scalar:decomposition;` — `decomposedStringWithCompatibilityMapping` of the scalar alone, for scalars\n    /// without a canonical decomposition.",
    compatibility))
print(literal("compositions", "`base combining:composite;` — the pairs NFC composes (Hangul excepted).", compositions))
print(literal(
    "nonBaseCharacters", "`first last;` or `scalar;` — `CharacterSet.nonBaseCharacters`.",
    nonBase.map { $0.lowerBound == $0.upperBound ? hex($0.lowerBound) : hex($0.lowerBound) + " " + hex($0.upperBound) }, perLine: 16))
print(literal("caseFoldings", "`scalar:folded;` — `folding(options: .caseInsensitive, locale: nil)` of the scalar alone.", foldings), terminator: "")
print("}")
