import CLinux
import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A consistent copy of an open slp database, made while other processes go on writing to it.
///
/// The copy reads one snapshot: a read transaction on the source, held from the first page to
/// the last. In WAL mode that transaction blocks no writer, and SQLite's backup never restarts
/// (it restarts only when the pages it reads change under it, which a held snapshot rules out).
/// Pages go in steps with a pause between them, so that the copy's reads and writes leave the
/// disk and the cores to the service's writers most of the time. The copy is written under a
/// temporary name beside the backup, checked, flushed to disk, then linked into place: the
/// backup's name only ever holds a whole, checked copy, and nothing at that name is replaced.
public struct DatabaseBackup: Sendable {
    /// Pages copied per step of SQLite's backup.
    public var pagesPerStep: Int32
    /// The pause after each step.
    public var pause: Duration
    /// Whether the copy checkpoints the commits its snapshot held back (`checkpoint`), else a
    /// writer does at its next commit.
    public var checkpointsAfter: Bool

    public init(pagesPerStep: Int32 = 32, pause: Duration = .milliseconds(20), checkpointsAfter: Bool = true) {
        self.pagesPerStep = pagesPerStep
        self.pause = pause
        self.checkpointsAfter = checkpointsAfter
    }

    /// Copies `database` to the absolute `path`, where nothing may be yet.
    ///
    /// Throws `BackupError` (or the source's storage error) and then leaves nothing behind: no
    /// file at `path`, no temporary file beside it.
    public func write(_ database: Database, to path: String) throws -> BackupCopy {
        let clock = ContinuousClock()
        let start = clock.now
        guard path.hasPrefix("/") else { throw BackupError.cannotWrite(path: path, reason: "the path must be absolute") }
        var status = stat()
        if lstat(path, &status) == 0 { throw BackupError.exists(path: path) }
        let temporary = try Self.temporaryFile(for: path)
        // Whatever happens, the temporary name is gone at the end (after the link, the copy lives at `path`).
        defer { for suffix in ["", "-journal", "-wal", "-shm"] { unlink(temporary + suffix) } }
        let pages = try copy(database, to: temporary)
        let version = try Self.check(temporary, for: path)
        try Self.flush(temporary, for: path)
        try Self.place(temporary, at: path)
        let seconds = start.duration(to: clock.now)
        guard stat(path, &status) == 0 else {
            throw BackupError.cannotWrite(path: path, reason: DatabaseFile.describe(errno))
        }
        return BackupCopy(
            path: path, bytes: Int64(status.st_size), schemaVersion: version, pages: pages,
            seconds: Double(seconds.components.seconds) + Double(seconds.components.attoseconds) / 1e18)
    }

    /// SQLite's online backup of `database` into the empty file `temporary`: its page count.
    private func copy(_ database: Database, to temporary: String) throws -> Int {
        let destination = try Connection(path: temporary)
        // No journal and no flush of SQLite's own: a failed copy is thrown away whole, and `flush`
        // makes the finished one durable before it has its name.
        try destination.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
        // Opened before the snapshot ends, so that its checkpoint starts the moment it does.
        let checkpointer = checkpointsAfter ? try Connection(path: database.path) : nil
        let pages = try database.read { source in
            // The snapshot starts at the transaction's first read; every step reads it, not the file as it is then.
            _ = try source.prepare("SELECT count(*) FROM sqlite_schema").first { $0.int(0) }
            guard let backup = sqlite3_backup_init(destination.handle, "main", source.handle, "main") else {
                throw SQLiteError(connection: destination.handle, code: sqlite3_errcode(destination.handle))
            }
            // Each step's pages leave for the disk during the pause: the kernel is asked to start
            // writing them (`sync_file_range`), waiting neither for them nor for a journal commit.
            // A flush a step (`fdatasync`, on ext4 a journal commit each, as the copy's blocks are
            // new) would queue the service's own commits behind it; one flush of the whole copy
            // at the end would hold the disk for as long. `flush` then finds little left.
            let written = open(temporary, O_RDONLY | O_CLOEXEC)
            defer { if written >= 0 { close(written) } }
            var code: Int32
            repeat {
                code = sqlite3_backup_step(backup, pagesPerStep)
                if code == SQLITE_OK || code == SQLITE_BUSY || code == SQLITE_LOCKED {
                    if written >= 0 { _ = slp_start_writeback(written) }
                    Self.sleep(pause)
                }
            } while code == SQLITE_OK || code == SQLITE_BUSY || code == SQLITE_LOCKED
            let pages = Int(sqlite3_backup_pagecount(backup))
            let finished = sqlite3_backup_finish(backup)
            guard code == SQLITE_DONE else { throw SQLiteError(connection: destination.handle, code: code) }
            guard finished == SQLITE_OK else { throw SQLiteError(connection: destination.handle, code: finished) }
            return pages
        }
        if let checkpointer { Self.checkpoint(checkpointer) }
        return pages
    }

    /// Moves the commits the held snapshot kept in the WAL into the database file, here rather
    /// than in a writer: SQLite checkpoints at a writer's commit once the WAL is long, and that
    /// writer (with every writer queued behind its turn) would wait for the whole backlog to be
    /// copied and flushed. A passive checkpoint takes no writer's lock, and while it runs the
    /// writers' own checkpoints find it busy and skip. Another process already checkpointing is
    /// as good; what is left then goes at a later commit, as it would have anyway.
    private static func checkpoint(_ connection: Connection) {
        _ = sqlite3_wal_checkpoint_v2(connection.handle, "main", SQLITE_CHECKPOINT_PASSIVE, nil, nil)
    }

    /// The copy's schema version, once it passes `PRAGMA integrity_check` and is an slp database
    /// of the version this slp knows; it is left in WAL mode, as slp makes its databases.
    private static func check(_ temporary: String, for path: String) throws -> Int {
        let copy = try Connection(path: temporary)
        let problems = try copy.prepare("PRAGMA integrity_check").map { $0.text(0) }
        guard problems == ["ok"] else {
            throw BackupError.checkFailed(path: path, reason: "integrity_check: " + (problems.first ?? "no answer"))
        }
        let identity = try copy.prepare("SELECT (SELECT application_id FROM pragma_application_id()), (SELECT user_version FROM pragma_user_version())")
            .first { (Int32(truncatingIfNeeded: $0.int64(0)), $0.int(1)) }
        let known = Schema.currentVersion(for: Connection.dialect)
        guard let identity, identity.0 == Schema.applicationID else {
            throw BackupError.checkFailed(path: path, reason: "not an slp database")
        }
        guard identity.1 == known else {
            throw BackupError.checkFailed(path: path, reason: "schema version \(identity.1), this slp knows \(known)")
        }
        try copy.execute("PRAGMA journal_mode = WAL")
        return identity.1
    }

    /// An empty file (0600) beside `path`, named for it, that nobody else has.
    private static func temporaryFile(for path: String) throws -> String {
        let directory = PathText.deletingLastComponent(path)
        var template = Array("\(directory == "/" ? "" : directory)/.\(PathText.lastComponent(path)).backup-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw BackupError.cannotWrite(path: path, reason: DatabaseFile.describe(errno)) }
        close(descriptor)
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// The copy's bytes on disk before its name is.
    private static func flush(_ temporary: String, for path: String) throws {
        let descriptor = open(temporary, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw BackupError.cannotWrite(path: path, reason: DatabaseFile.describe(errno)) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw BackupError.cannotWrite(path: path, reason: DatabaseFile.describe(errno)) }
    }

    /// Gives the copy the name `path`, unless something took that name meanwhile (a hard link
    /// fails then, where a rename would replace it), then makes the new name durable.
    private static func place(_ temporary: String, at path: String) throws {
        if link(temporary, path) != 0 {
            let error = errno
            if error == EEXIST { throw BackupError.exists(path: path) }
            // A file system without hard links: a rename, after a last look.
            var status = stat()
            guard error == EPERM || error == EOPNOTSUPP, lstat(path, &status) != 0 else {
                throw BackupError.cannotWrite(path: path, reason: DatabaseFile.describe(error))
            }
            guard rename(temporary, path) == 0 else { throw BackupError.cannotWrite(path: path, reason: DatabaseFile.describe(errno)) }
        }
        let directory = PathText.deletingLastComponent(path)
        let descriptor = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw BackupError.cannotWrite(path: path, reason: DatabaseFile.describe(errno)) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw BackupError.cannotWrite(path: path, reason: DatabaseFile.describe(errno)) }
    }

    private static func sleep(_ pause: Duration) {
        guard pause > .zero else { return }
        var time = timespec(tv_sec: Int(pause.components.seconds), tv_nsec: Int(pause.components.attoseconds / 1_000_000_000))
        var left = timespec()
        while nanosleep(&time, &left) != 0 && errno == EINTR { time = left }
    }
}
