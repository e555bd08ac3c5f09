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
            variables: environmentVariables(),
            currentDirectory: FileManager.default.currentDirectoryPath,
            stdoutIsTerminal: isatty(STDOUT_FILENO) == 1)
    }

    /// `ProcessInfo.processInfo.environment`, read from `environ` the same way (each entry
    /// split at its first `=`, a later duplicate winning) without setting up `ProcessInfo`,
    /// which costs a start-up about half a million instructions.
    private static func environmentVariables() -> [String: String] {
#if canImport(Glibc) || canImport(Musl)
        var variables: [String: String] = [:]
        var entry = environ  // never null at start-up: execve always passes an array
        while let pointer = entry.pointee {
            // Split on the bytes: finding "=" among Characters segmented every entry into
            // graphemes (320k of the 670k instructions this took with 39 variables).
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            if let delimiter = bytes.firstIndex(of: UInt8(ascii: "=")) {
                variables[String(decoding: UnsafeBufferPointer(rebasing: bytes[..<delimiter]), as: UTF8.self)] =
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[(delimiter + 1)...]), as: UTF8.self)
            }
            entry += 1
        }
        return variables
#else
        ProcessInfo.processInfo.environment
#endif
    }

    /// A variable's value, treating empty as unset.
    subscript(_ name: String) -> String? {
        guard let value = variables[name], !value.isEmpty else { return nil }
        return value
    }
}
