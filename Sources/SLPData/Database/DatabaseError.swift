import Foundation
import SLPDomain

/// Why a database file cannot be used as slp's store.
public enum DatabaseError: Error, Equatable, CustomStringConvertible {
    /// The file is an SQLite database of some other program (or not empty and not ours).
    case notSLPDatabase(path: String)
    /// The file was written by a newer slp whose schema this binary does not know.
    case newerSchema(path: String, found: Int, known: Int)
    /// The path cannot hold a database file: a directory, or a parent that cannot be created.
    case unusablePath(path: String, reason: String)

    public var description: String {
        switch self {
        case .notSLPDatabase(let path): "\(path) is not an slp database"
        case .newerSchema(let path, let found, let known):
            "\(path) has schema version \(found), newer than this slp knows (\(known)); upgrade slp"
        case .unusablePath(let path, let reason): "cannot use \(path) as a database: \(reason)"
        }
    }
}

extension DatabaseError: StorageFailure {
    public var storageFailureKind: StorageFailureKind {
        switch self {
        case .notSLPDatabase, .newerSchema: .incompatible
        case .unusablePath: .io
        }
    }

    public var storageFailureMessage: String { description }
}
