#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SLPTerminal

/// What the process was started with; the only door to the real environment.
struct ProcessEnvironment: Sendable {
    var arguments: [String]
    var currentDirectory: String
    var stdoutIsTerminal: Bool
    /// Standard input is a terminal: a person can be asked (`user withdraw`).
    var stdinIsTerminal = false
    /// Standard error is a terminal: long work may show its progress there (`seed`).
    var stderrIsTerminal = false
    /// Variables this run treats as unset whatever the process was given (the demo's own steps
    /// must not act on the caller's `SLP_DB` or `SLP_USER`).
    var hidden: [String] = []
    /// Put before each line a command prints as it goes: the demo's step that runs on beside
    /// the others (`queue --wait`) says whose its lines are.
    var lineLabel = ""

    static func current() -> ProcessEnvironment {
        ProcessEnvironment(
            arguments: Array(CommandLine.arguments.dropFirst()),
            currentDirectory: FileManager.default.currentDirectoryPath,
            stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, stdinIsTerminal: isatty(STDIN_FILENO) == 1,
            stderrIsTerminal: isatty(STDERR_FILENO) == 1)
    }

    /// The size of the terminal standard output is on; nil when it is not on one.
    func terminalSize() -> TerminalSize? {
        stdoutIsTerminal ? TerminalSize.of(descriptor: STDOUT_FILENO) : nil
    }

    /// A variable's value as the process was given it (empty included); nil when unset or hidden.
    func value(of name: String) -> String? {
        guard !hidden.contains(name) else { return nil }
        return EnvironmentVariables.value(of: name)
    }

    /// A variable's value, treating empty as unset.
    subscript(_ name: String) -> String? {
        guard let value = value(of: name), !value.isEmpty else { return nil }
        return value
    }
}
