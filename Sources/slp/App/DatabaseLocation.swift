#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPCommandLine

/// Where the data is: `--db` > `SLP_DB` > `$XDG_DATA_HOME/slp/slp.sqlite` > `~/.local/share/slp/slp.sqlite`.
/// Only the last two, slp's own places, get their directories made; a path someone named must
/// be in a directory that exists, so that a typing mistake never starts a new, empty service.
enum DatabaseLocation {
    /// A file path is taken literally (never as an SQLite URI) and made absolute; a
    /// `postgresql://` or `postgres://` URI names a PostgreSQL server.
    static func resolve(option: String?, environment: ProcessEnvironment) throws(UsageError) -> StorageLocation {
        if let option {
            guard !option.isEmpty else { throw UsageError(message: "--db needs a file path or a postgresql:// URI", code: "invalid_value") }
            return try location(option, in: environment)
        }
        if let value = environment["SLP_DB"] {
            return try location(value, in: environment)
        }
        // XDG says relative values are invalid and must be ignored.
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return .file(dataHome + "/slp/slp.sqlite", isDefault: true)
        }
        let home = environment["HOME"] ?? homeDirectory()
        return .file(absolute(home, in: environment.currentDirectory) + "/.local/share/slp/slp.sqlite", isDefault: true)
    }

    /// Whether `location` is a PostgreSQL connection URI (libpq's two schemes); anything else,
    /// `./postgres:x` included, is a file path.
    static func isServer(_ location: String) -> Bool {
        location.hasPrefix("postgresql://") || location.hasPrefix("postgres://")
    }

    private static func location(_ value: String, in environment: ProcessEnvironment) throws(UsageError) -> StorageLocation {
        guard isServer(value) else { return .file(absolute(value, in: environment.currentDirectory)) }
        #if PostgreSQL
        return .server(value)
        #else
        // The URI is not repeated: it may hold a password.
        throw UsageError(
            message: "this slp was built without PostgreSQL; build it with: swift build -c release --traits PostgreSQL",
            code: "no_postgresql")
        #endif
    }

    private static func absolute(_ path: String, in directory: String) -> String {
        if path.hasPrefix("/") { return path }
        if path == "~" || path.hasPrefix("~/") { return homeDirectory() + path.dropFirst() }
        return (directory.hasSuffix("/") ? directory : directory + "/") + path
    }

    /// The user's home directory as `NSHomeDirectory()` gave it (the password database, not `HOME`).
    private static func homeDirectory() -> String {
        FileManager.default.homeDirectoryForCurrentUser.path
    }
}
