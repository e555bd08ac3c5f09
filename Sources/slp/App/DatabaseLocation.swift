#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPCommandLine

/// Where the database file is: `--db` > `SLP_DB` > `$XDG_DATA_HOME/slp/slp.sqlite` > `~/.local/share/slp/slp.sqlite`.
enum DatabaseLocation {
    /// An absolute path, taken literally (never as an SQLite URI). A `postgresql://` or
    /// `postgres://` URL names a database server, which slp cannot use yet.
    static func resolve(option: String?, environment: ProcessEnvironment) throws(UsageError) -> String {
        if let option {
            guard !option.isEmpty else { throw UsageError(message: "--db needs a file path", code: "invalid_value") }
            try refuseServer(option)
            return absolute(option, in: environment.currentDirectory)
        }
        if let path = environment["SLP_DB"] {
            try refuseServer(path)
            return absolute(path, in: environment.currentDirectory)
        }
        // XDG says relative values are invalid and must be ignored.
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return dataHome + "/slp/slp.sqlite"
        }
        let home = environment["HOME"] ?? homeDirectory()
        return absolute(home, in: environment.currentDirectory) + "/.local/share/slp/slp.sqlite"
    }

    /// Whether `location` is a PostgreSQL connection URI (libpq's two schemes); anything else,
    /// `./postgres:x` included, is a file path.
    static func isServer(_ location: String) -> Bool {
        location.hasPrefix("postgresql://") || location.hasPrefix("postgres://")
    }

    /// The one-line refusal of a server URL (it is not repeated: it may hold a password).
    private static func refuseServer(_ location: String) throws(UsageError) {
        guard isServer(location) else { return }
        throw UsageError(
            message: "this slp cannot use a PostgreSQL database yet; --db and SLP_DB take a file path", code: "no_postgresql")
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
