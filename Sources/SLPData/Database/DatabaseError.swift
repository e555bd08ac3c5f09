import SLPDomain

/// Why a database file cannot be used as slp's store.
public enum DatabaseError: Error, Equatable, CustomStringConvertible {
    /// The file is an SQLite database of some other program (or not empty and not ours).
    case notSLPDatabase(path: String)
    /// The file was written by a newer slp whose schema this binary does not know.
    case newerSchema(path: String, found: Int, known: Int)
    /// There is no slp database at the path, and the command may not create one.
    case noDatabase(path: String)
    /// The path cannot hold a database file: a directory, or a parent that cannot be created.
    case unusablePath(path: String, reason: String)
    /// This process cannot write the database; it can still be read.
    case readOnly(ReadOnlyCause)
    /// A write ran out of space: the file system is full (or the user's quota is used up).
    case diskFull(path: String)
    /// A write would make a file larger than the process may (`ulimit -f`, RLIMIT_FSIZE).
    case fileSizeLimit(path: String)
    /// The writers ahead in the write queue kept the database longer than a writer waits.
    case busy(path: String, waited: Duration)

    /// What makes a database read-only for this process.
    public enum ReadOnlyCause: Equatable, Sendable {
        /// The file has no write permission for us (`file` is the database, its -wal or its -shm).
        case file(String)
        /// The file is on a file system mounted read-only.
        case fileSystem(String)
        /// The directory has no write permission: SQLite cannot create the `-wal` and `-shm` files.
        case directory(String, database: String)
    }

    public var description: String {
        switch self {
        case .notSLPDatabase(let path): "\(path) is not an slp database"
        case .newerSchema(let path, let found, let known):
            "\(path) has schema version \(found), newer than this slp knows (\(known)); upgrade slp"
        case .noDatabase(let path): "no slp database at \(path)"
        case .unusablePath(let path, let reason): "cannot use \(path) as a database: \(reason)"
        case .readOnly(.file(let path)): "the database file is read-only: \(path)"
        case .readOnly(.fileSystem(let path)): "the database is on a read-only file system: \(path)"
        case .readOnly(.directory(let directory, let database)):
            "the database directory is read-only: \(directory) (writing creates "
                + "\(PathText.lastComponent(database))-wal there)"
        case .diskFull(let path): "the disk is full: cannot write \(path)"
        case .fileSizeLimit(let path): "the file size limit (ulimit -f) is reached: cannot write \(path)"
        case .busy(let path, let waited):
            "the database is still busy: the writers ahead kept \(path) for more than \(waited.components.seconds) s"
        }
    }
}

extension DatabaseError: StorageFailure {
    public var storageFailureKind: StorageFailureKind {
        switch self {
        case .notSLPDatabase, .newerSchema: .incompatible
        case .noDatabase: .missing
        case .unusablePath, .readOnly, .diskFull, .fileSizeLimit: .io
        case .busy: .busy
        }
    }

    public var storageFailureMessage: String { description }
}
