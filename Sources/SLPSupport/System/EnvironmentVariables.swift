#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The process's environment variables.
public enum EnvironmentVariables {
    /// A variable's value as the process was given it (empty included); nil when unset.
    ///
    /// Read from `environ` when asked, the way `ProcessInfo.environment` reads it (each entry
    /// split at its first `=`, a later duplicate winning), without building a dictionary of every
    /// variable for the few lookups a command makes.
    public static func value(of name: String) -> String? {
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
}
