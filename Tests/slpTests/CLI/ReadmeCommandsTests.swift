import Foundation
import XCTest

@testable import slp

/// Every `slp …` command line in README (`$ slp …`, or `$ name=$(slp …)`) parses against the
/// command table: a renamed command or option cannot leave the README behind.
final class ReadmeCommandsTests: XCTestCase {
    static var readme: String {
        get throws {
            var directory = URL(fileURLWithPath: #filePath)
            while directory.path != "/" {
                directory.deleteLastPathComponent()
                let candidate = directory.appendingPathComponent("README.md")
                if FileManager.default.fileExists(atPath: candidate.path) { return try String(contentsOf: candidate, encoding: .utf8) }
            }
            throw CocoaError(.fileNoSuchFile)
        }
    }

    /// Words of a shell command line: single and double quotes, no expansions.
    static func words(_ line: String) -> [String] {
        var words: [String] = [], current = "", quote: Character?, inWord = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    /// `slp …` from a README line: `$ slp …`, `slp …`, or `$ name=$(slp …)`.
    static func command(_ line: String) -> String? {
        var text = line.hasPrefix("$ ") ? String(line.dropFirst(2)) : line
        if let open = text.range(of: "=$(slp "), text[..<open.lowerBound].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
           text.hasSuffix(")") {
            text = String(text[text.index(open.lowerBound, offsetBy: 3)...].dropLast())
        }
        return text.hasPrefix("slp ") ? text : nil
    }

    func testEveryExampleParses() throws {
        let lines = try Self.readme.split(separator: "\n").map(String.init)
        let examples = lines.compactMap(Self.command)
        XCTAssertGreaterThan(examples.count, 30)
        let parser = CommandTable.parser
        for example in examples {
            var line = example
            // Only the slp part of a pipeline or redirection, without a trailing comment.
            for separator in [" #", " |", " >", " <", " 2>", " &"] {
                if let range = line.range(of: separator) { line = String(line[..<range.lowerBound]) }
            }
            let words = Self.words(line)
            XCTAssertEqual(words.first, "slp", example)
            XCTAssertNoThrow(try parser.parse(Array(words.dropFirst())), example)
        }
    }
}
