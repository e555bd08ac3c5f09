import Foundation
import SLPTestSupport
import XCTest

/// The completion scripts, run by the shells themselves: values are completed too (file names
/// after `--db`, genders, report reasons, shop kinds, help topics, shells), not only words.
final class CompletionValuesCLITests: XCTestCase {
    /// Command lines being typed (the last word is where the cursor is) and what must be offered,
    /// exactly (sorted).
    private let cases: [([String], [String])] = [
        (["slp", "register", "--gender", ""], ["female", "male"]),
        (["slp", "search", "--gender", "f"], ["female"]),
        (["slp", "user", "update", "--searchable", ""], ["off", "on"]),
        (["slp", "match", "report", "U1", "--reason", ""], ["abuse", "illegal", "no-show", "obscene", "other", "rude"]),
        (["slp", "shop", "buy", "s"], ["sesac"]),
        (["slp", "shop", "wear", "--background", ""], ["0", "1", "2", "3", "4", "5", "6", "7"]),
        (["slp", "completion", ""], ["--as", "--db", "--help", "--json", "--no-pager", "bash", "fish", "zsh"]),
        (["slp", "help", "ex"], ["exit-codes"]),
        (["slp", "help", "user", ""], ["show", "update", "withdraw"]),
        (["slp", "register", "--nick", ""], []),
        (["slp", "user", "s"], ["show"]),
    ]

    private func script(_ shell: String, in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("slp.\(shell)")
        let generated = try SLPBinary(database: nil).run("completion", shell)
        XCTAssertEqual(generated.status, 0, generated.stderr)
        try generated.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func shell(_ program: String, _ arguments: [String]) throws -> String {
        let outcome = try TimedProcess.run([program] + arguments, environment: ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()])
        XCTAssertEqual(outcome.status, 0, "\(program) \(arguments): \(outcome.stderrText)")
        return outcome.stdoutText
    }

    private func installed(_ name: String) throws -> String {
        guard let path = ["/usr/bin/\(name)", "/bin/\(name)", "/usr/local/bin/\(name)"].first(where: FileManager.default.isExecutableFile)
        else { throw MissingTool(name: name) }
        return path
    }

    private func sorted(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }.sorted()
    }

    func testBashCompletesValues() throws {
        let bash = try installed("bash")
        let directory = try TemporaryDirectory()
        let script = try script("bash", in: directory)
        let run = #"source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); _slp; printf '%s\n' "${COMPREPLY[@]}""#
        for (words, expected) in cases {
            XCTAssertEqual(sorted(try shell(bash, ["-c", run, "bash", script] + words)), expected, "\(words)")
        }
        // bash splits `--gender=` at the '='.
        XCTAssertEqual(sorted(try shell(bash, ["-c", run, "bash", script, "slp", "register", "--gender", "=", "m"])), ["male"])
        // File names after --db, anywhere.
        XCTAssertTrue(FileManager.default.createFile(atPath: directory.path("data.sqlite"), contents: nil))
        let files = sorted(try shell(bash, ["-c", run, "bash", script, "slp", "user", "show", "--db", directory.path("da")]))
        XCTAssertEqual(files, [directory.path("data.sqlite")])
    }

    func testZshCompletesValues() throws {
        let zsh = try installed("zsh")
        let directory = try TemporaryDirectory()
        let script = try script("zsh", in: directory)
        // The completion system's own functions, stood in for: what is offered is printed.
        let run = #"""
            compdef() { :; }; compadd() { [[ $1 == -- ]] && shift; print -rl -- "$@"; }; _files() { print -r -- FILES; }
            source "$1"; shift; words=("$@"); CURRENT=$#; _slp
            """#
        for (words, expected) in cases {
            let offered = sorted(try shell(zsh, ["-f", "-c", run, "zsh", script] + words))
            // zsh's compadd filters by the typed prefix itself: the script offers the whole list.
            let typed = words.last ?? ""
            XCTAssertEqual(offered.filter { $0.hasPrefix(typed) }, expected, "\(words)")
        }
        XCTAssertEqual(sorted(try shell(zsh, ["-f", "-c", run, "zsh", script, "slp", "--db", ""])), ["FILES"])
    }

    func testFishCompletesValues() throws {
        let fish = try installed("fish")
        let directory = try TemporaryDirectory()
        let script = try script("fish", in: directory)
        for (words, expected) in cases {
            let line = words.map { $0.isEmpty ? "" : "'\($0)'" }.joined(separator: " ")
            let offered = try shell(fish, ["--no-config", "-c", "source \(script); complete -C \"\(line.replacingOccurrences(of: "\"", with: "\\\""))\""])
            let names = sorted(offered).map { String($0.prefix { $0 != "\t" }) }
            // fish offers options only once a dash is typed.
            XCTAssertEqual(names, expected.filter { !$0.hasPrefix("-") }, "\(words)")
        }
        XCTAssertTrue(FileManager.default.createFile(atPath: directory.path("data.sqlite"), contents: nil))
        let files = try shell(fish, ["--no-config", "-c", "source \(script); complete -C 'slp --db \(directory.path("da"))'"])
        XCTAssertEqual(sorted(files).map { String($0.prefix { $0 != "\t" }) }, [directory.path("data.sqlite")])
    }
}
