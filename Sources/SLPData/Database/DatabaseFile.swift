#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates the place for a database file before SQLite opens it, with private permissions:
/// missing directories 0700, a new file 0600 (SQLite gives its -wal and -shm files the same mode).
/// Also answers whether this process may write the file, before SQLite tries.
enum DatabaseFile {
    /// Makes sure there is a file at `path`, creating what `creation` allows.
    static func prepare(path: String, creation: DatabaseCreation = .fileAndDirectories) throws {
        let directory = PathText.deletingLastComponent(path)
        switch creation {
        case .fileAndDirectories:
            try createDirectories(directory, path: path)
        case .file:
            try requireDirectory(directory, path: path)
        case .none:
            var status = stat()
            guard stat(path, &status) == 0 else {
                let error = errno
                // A file where a directory should be says so; a directory that exists but cannot
                // be searched is an I/O problem, not a missing database.
                if error == ENOTDIR { try requireDirectory(directory, path: path) }
                if error == ENOENT || error == ENOTDIR { throw DatabaseError.noDatabase(path: path) }
                throw DatabaseError.unusablePath(path: path, reason: describe(error))
            }
        }
        // A file that exists is never opened here: closing any descriptor of a file drops every
        // POSIX lock this process holds on it, so a connection of this process already open
        // would lose its shared lock, and another process closing the last connection it knows
        // of would remove the `-wal` and `-shm` files under it.
        var status = stat()
        if stat(path, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR { throw DatabaseError.unusablePath(path: path, reason: "it is a directory") }
            guard faccessat(AT_FDCWD, path, R_OK, AT_EACCESS) == 0 else {
                throw DatabaseError.unusablePath(path: path, reason: "it cannot be read: \(describe(errno))")
            }
            // Readable but not writable by us: opened read-only, writes are refused.
            return
        }
        // O_CREAT without O_EXCL: several processes may create the same file at once; all succeed.
        let descriptor = open(path, O_RDWR | (creation == .none ? 0 : O_CREAT) | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
            return
        }
        let error = errno
        if stat(path, &status) == 0 { return try prepare(path: path, creation: .none) }
        throw DatabaseError.unusablePath(path: path, reason: cannotCreate(in: directory, error: error))
    }

    /// Why this process cannot write the database at `path`, or nil when it can.
    ///
    /// With `journals`, the `-wal` and `-shm` files beside it count too (when they exist): SQLite
    /// writes through them, and one left read-only by another user blocks every write.
    static func readOnlyCause(path: String, journals: Bool = false) -> DatabaseError.ReadOnlyCause? {
        let files = journals ? [path, path + "-wal", path + "-shm"] : [path]
        for file in files where access(file, F_OK) == 0 {
            if faccessat(AT_FDCWD, file, W_OK, AT_EACCESS) != 0 {
                return errno == EROFS ? .fileSystem(path) : .file(file)
            }
        }
        let directory = PathText.deletingLastComponent(path)
        if faccessat(AT_FDCWD, directory.isEmpty ? "/" : directory, W_OK, AT_EACCESS) != 0 {
            return errno == EROFS ? .fileSystem(path) : .directory(directory, database: path)
        }
        return nil
    }

    /// True when no connection in WAL mode has the file open and no committed change waits in
    /// the `-wal` file: every connection maps the `-shm` file while open, and the last one to close
    /// checkpoints and removes both. Then the main file alone is the whole database.
    static func isQuiescent(path: String) -> Bool {
        var status = stat()
        if stat(path + "-shm", &status) == 0 { return false }
        if stat(path + "-wal", &status) == 0 { return status.st_size == 0 }
        return errno == ENOENT
    }

    /// Refuses a path whose directory is missing (or not a directory).
    private static func requireDirectory(_ directory: String, path: String) throws {
        guard !directory.isEmpty, directory != "/" else { return }
        var status = stat()
        guard stat(directory, &status) == 0 else {
            if errno == ENOENT || errno == ENOTDIR {
                throw DatabaseError.unusablePath(path: path, reason: "the directory \(directory) does not exist")
            }
            throw DatabaseError.unusablePath(path: path, reason: "\(directory): \(describe(errno))")
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw DatabaseError.unusablePath(path: path, reason: "\(directory) is not a directory")
        }
    }

    private static func createDirectories(_ directory: String, path: String) throws {
        guard !directory.isEmpty, directory != "/" else { return }
        var status = stat()
        if stat(directory, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw DatabaseError.unusablePath(path: path, reason: "\(directory) is not a directory")
            }
            return
        }
        let parent = PathText.deletingLastComponent(directory)
        try createDirectories(parent, path: path)
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            let reason = cannotCreate(in: parent.isEmpty ? "/" : parent, error: errno)
            throw DatabaseError.unusablePath(path: path, reason: "cannot create \(directory): \(reason)")
        }
    }

    /// Why creating an entry in `directory` failed with `error`, in words.
    private static func cannotCreate(in directory: String, error: Int32) -> String {
        switch error {
        case EROFS: "\(directory) is on a read-only file system"
        case EACCES where faccessat(AT_FDCWD, directory, W_OK, AT_EACCESS) != 0 && errno == EACCES:
            "the directory \(directory) is read-only"
        default: describe(error)
        }
    }

    static func describe(_ error: Int32) -> String {
        let text = String(cString: strerror(error))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
