import Foundation
@testable import SLPSupport
import XCTest

/// SLPSupport normalises and folds text without Foundation's string API (the `slp` binary links
/// FoundationEssentials only); the results must stay Foundation's, byte for byte, since stored
/// names and study keys were made with it.
final class NormalizerTests: XCTestCase {
    private func assertFoundationEquivalent(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        func scalars(_ string: String) -> [UInt32] { string.unicodeScalars.map(\.value) }
        let name = scalars(text).map { String($0, radix: 16) }
        XCTAssertEqual(scalars(text.canonicallyComposed), scalars(text.precomposedStringWithCanonicalMapping), "NFC \(name)", file: file, line: line)
        XCTAssertEqual(scalars(text.compatibilityDecomposed), scalars(text.decomposedStringWithCompatibilityMapping), "NFKD \(name)", file: file, line: line)
        XCTAssertEqual(scalars(text.compatibilityComposed), scalars(text.precomposedStringWithCompatibilityMapping), "NFKC \(name)", file: file, line: line)
        XCTAssertEqual(scalars(text.caseFolded), scalars(text.folding(options: [.caseInsensitive], locale: nil)), "fold \(name)", file: file, line: line)
        XCTAssertEqual(scalars(text.trimmingWhitespace), scalars(text.trimmingCharacters(in: .whitespaces)), "trim \(name)", file: file, line: line)
        XCTAssertEqual(
            scalars(text.trimmingWhitespaceAndNewlines), scalars(text.trimmingCharacters(in: .whitespacesAndNewlines)),
            "trim newlines \(name)", file: file, line: line)
    }

    func testEveryBMPScalarAloneMatchesFoundation() {
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            assertFoundationEquivalent(String(String.UnicodeScalarView([scalar])))
        }
    }

    /// Sequences where CoreFoundation departs from UAX #15, which the port keeps.
    func testCoreFoundationQuirks() {
        for text in [
            "\u{AC00}\u{11A8}",  // LV syllable + trailing jamo: left apart
            "\u{1100}\u{1161}\u{11A8}", "\u{110D}\u{1176}",  // jamo composed (V index 21 included)
            "\u{1113}\u{1174}", "\u{1112}\u{1175}\u{11C3}",  // L index 19: past the syllables (U+FFFD)
            "\u{3148}\u{315D}", "\u{3270}\u{11AF}",  // compatibility jamo, circled Hangul
            "\u{1FDF}\u{05AA}\u{0342}", "\u{1FEE}\u{032B}", "\u{1E65}\u{FF9E}",  // marks across compatibility mappings
            "\u{0CC6}\u{0CC2}\u{0CD5}", "\u{0CCA}\u{0CD5}", "e\u{0301}\u{0301}", " \u{0301}a ", "\u{200B}x\u{3000}",
        ] {
            assertFoundationEquivalent(text)
        }
    }

    func testRandomMixedTextMatchesFoundation() {
        var pool: [Unicode.Scalar] = []
        for range in [0x20...0x7E, 0xA0...0x24F, 0x300...0x36F, 0x370...0x3FF, 0x591...0x5C7, 0x900...0x97F,
                      0xCC0...0xCD6, 0xF00...0xFFF, 0x1100...0x11FF, 0x1E00...0x1FFF, 0x2000...0x215F,
                      0x3000...0x33FF, 0xAC00...0xAC40, 0xD7A0...0xD7FF, 0xFB00...0xFB4F, 0xFF00...0xFFEF, 0x1D400...0x1D4FF] {
            pool += range.compactMap { Unicode.Scalar(UInt32($0)) }
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<20_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0...next(8) { scalars.append(pool[next(pool.count)]) }
            assertFoundationEquivalent(String(scalars))
        }
    }
}
