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

/// What the process was started with; the only door to the real environment.
struct ProcessEnvironment: Sendable {
    var arguments: [String]
    var variables: [String: String]
    var currentDirectory: String
    var stdoutIsTerminal: Bool

    static func current() -> ProcessEnvironment {
        ProcessEnvironment(
            arguments: Array(CommandLine.arguments.dropFirst()),
            variables: ProcessInfo.processInfo.environment,
            currentDirectory: FileManager.default.currentDirectoryPath,
            stdoutIsTerminal: isatty(STDOUT_FILENO) == 1)
    }

    /// A variable's value, treating empty as unset.
    subscript(_ name: String) -> String? {
        guard let value = variables[name], !value.isEmpty else { return nil }
        return value
    }
}
