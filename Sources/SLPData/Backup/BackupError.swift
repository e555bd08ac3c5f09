import SLPDomain

/// Why `DatabaseBackup` wrote nothing in the backup's place.
public enum BackupError: Error, Equatable, CustomStringConvertible {
    /// Something is at the backup's path already: a backup never overwrites.
    case exists(path: String)
    /// The backup's directory cannot take the file (missing, not writable, full).
    case cannotWrite(path: String, reason: String)
    /// The copy failed its check (`PRAGMA integrity_check`, the schema version): nothing kept.
    case checkFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .exists(let path): "\(path) exists already; a backup never overwrites a file"
        case .cannotWrite(let path, let reason): "cannot write the backup \(path): \(reason)"
        case .checkFailed(let path, let reason): "the copy for \(path) failed its check (\(reason)); nothing was kept"
        }
    }
}

extension BackupError: StorageFailure {
    public var storageFailureKind: StorageFailureKind {
        switch self {
        case .exists, .cannotWrite: .io
        case .checkFailed: .internal
        }
    }

    public var storageFailureMessage: String { description }
}
