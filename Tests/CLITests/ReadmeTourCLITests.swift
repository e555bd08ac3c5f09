import Foundation
import XCTest

/// The README's five-minute tour, run as a new user would: every command, and its output
/// exactly as printed there (uids are random, so the README's are mapped to the real ones), on
/// every backend.
final class ReadmeTourCLITests: XCTestCase {
    func testTheTourPrintsWhatTheReadmeSays() throws {
        var directory = URL(fileURLWithPath: #filePath)
        var readme = ""
        while directory.path != "/" {
            directory.deleteLastPathComponent()
            if let text = try? String(contentsOf: directory.appendingPathComponent("README.md"), encoding: .utf8) {
                readme = text
                break
            }
        }
        let tour = try XCTUnwrap(readme.components(separatedBy: "## A five-minute tour").dropFirst().first)
        let block = try XCTUnwrap(tour.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        // Pairs of (command line, expected output).
        var steps: [(String, String)] = []
        for line in block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("$ ") {
                steps.append((String(line.dropFirst(2)), ""))
            } else if !steps.isEmpty {
                steps[steps.count - 1].1 += line + "\n"
            }
        }
        XCTAssertGreaterThan(steps.count, 8)
        TestBackend.each(self) { _, database, _ in
            // The README's session ran at this instant; the clock is set to it so times match.
            let slp = SLPBinary(database: database, now: "2026-11-22T00:42:27.886Z")
            var uidMap: [String: String] = [:]
            for (command, rawExpected) in steps where !command.hasPrefix("export ") {
                var expected = rawExpected
                while expected.hasSuffix("\n\n") { expected.removeLast() }
                let words = ReadmeTourCLITests.words(command)
                XCTAssertEqual(words.first, "slp", command)
                let arguments = words.dropFirst().map { uidMap[$0] ?? $0 }
                let result = try slp.run(Array(arguments))
                XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)")
                if words.dropFirst().first == "register" {
                    uidMap[expected.trimmingCharacters(in: .newlines)] = result.stdout.trimmingCharacters(in: .newlines)
                }
                for (readmeUID, realUID) in uidMap { expected = expected.replacingOccurrences(of: readmeUID, with: realUID) }
                XCTAssertEqual(result.stdout, expected, command)
            }
        }
    }

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
}
