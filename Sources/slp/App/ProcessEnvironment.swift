#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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
    /// Standard input is a terminal too: someone types there (`slp chat`'s screen).
    var stdinIsTerminal = false
    /// Variables this run treats as unset whatever the process was given (the demo's own steps
    /// must not act on the caller's `SLP_DB` or `SLP_USER`).
    var hidden: [String] = []

    static func current() -> ProcessEnvironment {
        ProcessEnvironment(
            arguments: Array(CommandLine.arguments.dropFirst()),
            currentDirectory: FileManager.default.currentDirectoryPath,
            stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, stdinIsTerminal: isatty(STDIN_FILENO) == 1)
    }

    /// The size of the terminal standard output is on; nil when it is not on one.
    func terminalSize() -> TerminalSize? {
        stdoutIsTerminal ? TerminalSize.of(descriptor: STDOUT_FILENO) : nil
    }

    /// A variable's value as the process was given it (empty included); nil when unset or hidden.
    ///
    /// Read from `environ` when asked, the way `ProcessInfo.environment` reads it (each entry
    /// split at its first `=`, a later duplicate winning), without building a dictionary of every
    /// variable for the few lookups a command makes.
    func value(of name: String) -> String? {
        guard !hidden.contains(name) else { return nil }
#if canImport(Glibc) || canImport(Musl)
        return name.withCString { key in
            let length = strlen(key)
            var found: String?
            var entry = environ  // never null at start-up: execve always passes an array
            while let pointer = entry.pointee {
                // strncmp stops at the end of a shorter entry; then the byte after the name must be "=".
                if strncmp(pointer, key, length) == 0 && pointer[length] == CChar(UInt8(ascii: "=")) {
                    found = String(cString: pointer + length + 1)
                }
                entry += 1
            }
            return found
        }
#else
        return ProcessInfo.processInfo.environment[name]
#endif
    }

    /// A variable's value, treating empty as unset.
    subscript(_ name: String) -> String? {
        guard let value = value(of: name), !value.isEmpty else { return nil }
        return value
    }
}
