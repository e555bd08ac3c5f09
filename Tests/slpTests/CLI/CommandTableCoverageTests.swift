import Foundation
import SLPTestSupport
import XCTest

@testable import SLPCommandLine
@testable import slp

/// Completion scripts and the man page are generated from the command table; these fail when
/// a command or an option of the table is missing from any of them.
final class CommandTableCoverageTests: XCTestCase {
    /// Every runnable command path and its options.
    private var commands: [(path: [String], command: CommandSpec)] {
        var result: [([String], CommandSpec)] = []
        func walk(_ command: CommandSpec, _ path: [String]) {
            if !path.isEmpty { result.append((path, command)) }
            for sub in command.subcommands { walk(sub, path + [sub.name]) }
        }
        walk(CommandTable.root, [])
        return result
    }

    func testEveryCommandAndOptionIsInEveryCompletionScript() {
        let generator = CompletionScript(root: CommandTable.root)
        for shell in CompletionScript.Shell.allCases {
            let script = generator.script(for: shell)
            for (path, command) in commands {
                switch shell {
                case .bash, .zsh:
                    XCTAssertTrue(script.contains("\" \(path.joined(separator: " "))\""), "\(shell): \(path)")
                case .fish:
                    XCTAssertTrue(script.contains("-a \(path.last!) -d"), "\(shell): \(path)")
                }
                for option in command.options {
                    let needle = shell == .fish ? "-l \(option.name)" : option.longName
                    XCTAssertTrue(script.contains(needle), "\(shell): \(path) \(option.longName)")
                }
            }
            for option in GlobalOptions.specs {
                XCTAssertTrue(script.contains(shell == .fish ? "-l \(option.name)" : option.longName), "\(shell): \(option.longName)")
            }
        }
    }

    func testEveryCommandAndOptionIsInTheManPage() {
        let page = ManPage(root: CommandTable.root, version: CommandTable.version, date: "2026-11-21").render()
        XCTAssertTrue(page.hasPrefix(".TH SLP 1 \"2026-11-21\" \"slp \(CommandTable.version)\""))
        for (path, command) in commands where command.isRunnable {
            XCTAssertTrue(page.contains(".SS \"slp \(path.joined(separator: " "))"), "\(path)")
            for option in command.options {
                XCTAssertTrue(page.contains("\\fB" + option.longName.replacingAll("-", with: "\\-") + "\\fR"), "\(path) \(option.longName)")
            }
        }
        for code in ExitCode.allCases { XCTAssertTrue(page.contains("\\fB\(code.rawValue)\\fR"), "exit \(code.rawValue)") }
    }

    func testBashScriptIsValidShell() throws {
        let checked = try TimedProcess.run(
            ["/bin/bash", "-n"], environment: ["PATH": "/usr/bin:/bin"], stdin: Data(CompletionScript(root: CommandTable.root).script(for: .bash).utf8))
        XCTAssertEqual(checked.status, 0, "bash -n accepts the script: \(checked.stderrText)")
    }
}
