import Foundation

/// Creates the place for a database file before SQLite opens it, with private permissions:
/// missing directories 0700, a new file 0600 (SQLite gives its -wal and -shm files the same mode).
enum DatabaseFile {
    static func prepare(path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        try createDirectories(directory, path: path)
        // O_CREAT without O_EXCL: several processes may create the same file at once; all succeed.
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
            return
        }
        let error = errno
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw DatabaseError.unusablePath(path: path, reason: "it is a directory")
        }
        if stat(path, &status) == 0 {
            // Exists but not writable by us: let SQLite open it and report what it can do.
            return
        }
        throw DatabaseError.unusablePath(path: path, reason: String(cString: strerror(error)))
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
        try createDirectories((directory as NSString).deletingLastPathComponent, path: path)
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw DatabaseError.unusablePath(path: path, reason: "cannot create \(directory): \(String(cString: strerror(errno)))")
        }
    }
}
