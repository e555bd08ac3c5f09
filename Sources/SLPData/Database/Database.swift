import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// slp's SQLite file: opened, recognised, migrated, and used through retried transactions.
///
/// Not Sendable: one per process (or per test), used from one task at a time.
public final class Database {
    /// Used only inside `read` and `write` transactions (and to open the file).
    private let connection: Connection
    public let path: String
    let policy: RetryPolicy
    /// Why this process cannot write the file, or nil: then it is open read-only and every
    /// write is refused before it starts.
    public let readOnlyCause: DatabaseError.ReadOnlyCause?
    /// Writers take turns in arrival order; made by the first write (reads never touch it).
    private lazy var writeQueue = WriteQueue(databasePath: path)
    /// Wakes `waitForChange`; made by its first call.
    private lazy var commitWatch = CommitWatch(databasePath: path)
    /// How many times `waitForChange` has read `data_version`: what a waiter costs while
    /// nothing commits.
    private(set) var changeLooks = 0

    /// Opens the slp database at absolute `path`, creating what `creation` allows when it is
    /// missing (by default the file and its directories).
    ///
    /// A file that is not slp's, or whose schema is newer, is refused without being written to.
    /// Safe when several processes create the same new file at once. A file this process may not
    /// write (or in a directory it may not write) is opened read-only: reads work, writes throw
    /// `DatabaseError.readOnly`. With `.none`, a missing file, or an empty one nobody has made
    /// slp's yet, is `DatabaseError.noDatabase` and stays as it is.
    public init(path: String, policy: RetryPolicy = RetryPolicy(), creation: DatabaseCreation = .fileAndDirectories) throws {
        guard path.hasPrefix("/") else { throw DatabaseError.unusablePath(path: path, reason: "the path must be absolute") }
        do {
            try DatabaseFile.prepare(path: path, creation: creation)
            readOnlyCause = DatabaseFile.readOnlyCause(path: path)
            // Read-only and nobody has it open: read the main file as it is, creating no -wal or
            // -shm beside it (impossible in a read-only directory; and left behind read-only,
            // they would block writes once the file is writable again).
            connection = try Connection(
                path: path, readOnly: readOnlyCause != nil,
                immutable: readOnlyCause != nil && DatabaseFile.isQuiescent(path: path))
            self.path = path
            self.policy = policy
            connection.setBusyTimeout(milliseconds: policy.busyTimeoutMilliseconds)
            // Search reads pages straight from the mapped file instead of copying each into the
            // cache; set first, so that the schema is read that way too. None of these writes to the file.
            try connection.execute("PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL; PRAGMA mmap_size = 1073741824;")
            try policy.run { try prepareSchema(creating: creation != .none) }
        } catch {
            throw Database.storageError(error, path: path)
        }
    }

    /// True while a transaction is open: never between calls of `read` and `write`.
    var isInTransaction: Bool { connection.isInTransaction }

    /// Runs `body` in a deferred (read) transaction: a consistent snapshot.
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        try transaction("BEGIN DEFERRED", body)
    }

    /// Runs `body` in one write transaction, in this writer's turn (`WriteQueue`).
    ///
    /// A first try prepares its statements and makes its reads before the turn, and takes the
    /// turn at its first write if it has come: then it is the transaction. Otherwise (or when
    /// another writer committed since it began reading) it lets go of everything, waits for its
    /// turn, and `body` runs again in one `BEGIN IMMEDIATE` transaction, retried whole on
    /// SQLITE_BUSY, its statements prepared already: a turn lasts as short as it can, which is
    /// what the writers behind it wait for. A body that never writes takes no turn.
    ///
    /// `body` may run more than once, so it must have no effects outside the database.
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        if let readOnlyCause { throw DatabaseError.readOnly(readOnlyCause) }
        writeQueue.begin(waitingAtMost: policy.writeQueueWait)
        defer { writeQueue.end() }
        if let result = try firstTry(body) { return result }
        try writeQueue.waitForTurn()
        return try transaction("BEGIN IMMEDIATE", body)
    }

    /// `write`'s first try: its result, or nil when it must wait for its turn and run again.
    private func firstTry<T>(_ body: (Connection) throws -> T) throws -> T? {
        precondition(!connection.isInTransaction, "transactions do not nest")
        var refused = false
        let queue = writeQueue
        connection.beforeFirstWrite = {
            guard try queue.draw() else {
                refused = true
                throw WriteQueue.TurnNotYet()
            }
        }
        defer { connection.beforeFirstWrite = nil }
        do {
            try connection.cached("BEGIN DEFERRED").run()
            let result = try body(connection)
            // A body that went on after its write was refused has not written it.
            if refused {
                connection.rollbackIfNeeded()
                return nil
            }
            try connection.cached("COMMIT").run()
            return result
        } catch {
            connection.rollbackIfNeeded()
            if refused || (error as? SQLiteError)?.isBusy == true { return nil }
            throw Database.storageError(error, path: path)
        }
    }

    /// Runs `body` in one write transaction meant for loading many rows: a large page cache lets
    /// filled pages leave for the WAL before the commit, and foreign keys are not checked (the
    /// loader inserts only rows it has checked itself). Both settings end with the transaction.
    func bulkWrite<T>(cacheKiB: Int, _ body: (Connection) throws -> T) throws -> T {
        if let readOnlyCause { throw DatabaseError.readOnly(readOnlyCause) }
        do {
            try connection.execute("PRAGMA cache_size = -\(cacheKiB); PRAGMA foreign_keys = OFF")
        } catch {
            throw Database.storageError(error, path: path)
        }
        defer { try? connection.execute("PRAGMA foreign_keys = ON; PRAGMA cache_size = -2000") }
        // Its first statement writes: the turn first.
        return try writeQueue.inTurn(waitingAtMost: policy.writeQueueWait) { try transaction("BEGIN IMMEDIATE", body) }
    }

    /// A number that changes whenever another connection commits a change to the file: cheap to
    /// read often, outside any transaction.
    public func dataVersion() throws -> Int64 {
        do {
            return try connection.cached("PRAGMA data_version").first { $0.int64(0) } ?? 0
        } catch {
            throw Database.storageError(error, path: path)
        }
    }

    /// `dataVersion()` as soon as it differs from `token`, or once `limit` has passed: woken by
    /// writes to the database's files (`CommitWatch`), each of which it checks.
    public nonisolated(nonsending) func waitForChange(after token: Int64, upTo limit: Duration) async throws -> Int64 {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        let watch = commitWatch
        while true {
            let version = try look()
            let left = deadline - clock.now
            if version != token || left <= .zero { return version }
            guard await watch.wait(upTo: left) else { continue }
            // Looks again after growing delays, each a wait for the next write: a write meanwhile
            // (the same commit's, or the next one's) starts them over, so a commit made during
            // the long ones is seen as soon as the short ones after its own write allow. Writes
            // that keep coming without a commit (a long transaction spilling pages, a checkpoint)
            // start them over `quickRestarts` times only: after that each look waits out its
            // delay, which grows to `settleDelays[busyStep]` and stays there while they go on,
            // instead of following every write.
            var step = 0, restarts = 0
            while step < CommitWatch.settleDelays.count {
                let delay = min(CommitWatch.settleDelays[step], deadline - clock.now)
                guard delay > .zero else { break }
                let quick = restarts < CommitWatch.quickRestarts
                let written = quick ? await watch.wait(upTo: delay) : await watch.pause(delay)
                let settled = try look()
                if settled != token { return settled }
                if !written {
                    step += 1
                } else if quick {
                    restarts += 1
                    step = 0
                } else {
                    step = min(step + 1, CommitWatch.busyStep)
                }
            }
        }
    }

    /// `waitForChange`'s look at `data_version`, counted.
    private func look() throws -> Int64 {
        changeLooks += 1
        return try dataVersion()
    }

    private func transaction<T>(_ begin: String, _ body: (Connection) throws -> T) throws -> T {
        precondition(!connection.isInTransaction, "transactions do not nest")
        do {
            return try policy.run {
                try connection.cached(begin).run()
                do {
                    let result = try body(connection)
                    try connection.cached("COMMIT").run()
                    return result
                } catch {
                    connection.rollbackIfNeeded()
                    throw error
                }
            }
        } catch {
            throw Database.storageError(error, path: path)
        }
    }

    /// SQLite's answer to a full disk, a file size limit or a read-only file, as an error that
    /// names the file and the cause; any other error as it is.
    static func storageError(_ error: any Error, path: String) -> any Error {
        guard let error = error as? SQLiteError else { return error }
        switch error.primaryCode {
        case SQLITE_READONLY:
            return DatabaseFile.readOnlyCause(path: path, journals: true).map(DatabaseError.readOnly) ?? error
        case SQLITE_FULL:
            // A short write: SQLite keeps no errno, so the limit and the sizes decide.
            return fileSizeLimitReached(path: path) ? DatabaseError.fileSizeLimit(path: path) : DatabaseError.diskFull(path: path)
        case SQLITE_IOERR:
            switch error.systemErrno {
            case EFBIG: return DatabaseError.fileSizeLimit(path: path)
            case ENOSPC, EDQUOT: return DatabaseError.diskFull(path: path)
            // errno may have been overwritten before SQLite read it; the sizes still tell.
            default:
                // SQLITE_IOERR_WRITE, _TRUNCATE, _SHMSIZE (macros Swift cannot import): growing a file.
                let growing: [Int32] = [3, 6, 19]
                return growing.contains(error.extendedCode >> 8) && fileSizeLimitReached(path: path)
                    ? DatabaseError.fileSizeLimit(path: path) : error
            }
        default:
            return error
        }
    }

    /// True when RLIMIT_FSIZE is set (RLIM_INFINITY is all ones) and the database, its -wal or
    /// its -shm is within a page (64 KiB at most) of it: the next write to grow it fails with EFBIG.
    private static func fileSizeLimitReached(path: String) -> Bool {
        var limit = rlimit()
        #if os(Linux)
        let resource = Int32(RLIMIT_FSIZE.rawValue)
        #else
        let resource = RLIMIT_FSIZE
        #endif
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur != rlim_t.max else { return false }
        return [path, path + "-wal", path + "-shm"].contains { file in
            var status = stat()
            return stat(file, &status) == 0 && UInt64(status.st_size) + 65_536 >= UInt64(limit.rlim_cur)
        }
    }

    /// What the file header says about whose database this is.
    private struct Identity {
        let applicationID: Int32
        let version: Int
        let objectCount: Int

        var isEmpty: Bool { applicationID == 0 && version == 0 && objectCount == 0 }
    }

    private func readIdentity() throws -> Identity {
        let statement = try connection.prepare("""
            SELECT (SELECT application_id FROM pragma_application_id()),
                   (SELECT user_version FROM pragma_user_version()),
                   (SELECT count(*) FROM sqlite_schema)
            """)
        let identity = try statement.first { row in
            Identity(applicationID: Int32(truncatingIfNeeded: row.int64(0)), version: row.int(1), objectCount: row.int(2))
        }
        return identity ?? Identity(applicationID: 0, version: 0, objectCount: 0)
    }

    /// Bytes per page of a new file.
    static let pageSize = 16_384

    /// Checks the header without writing; creates (when `creating`) or migrates the schema only
    /// when needed.
    private func prepareSchema(creating: Bool) throws {
        let identity = try readIdentity()
        if try isReady(identity) { return }
        if identity.isEmpty && !creating { throw DatabaseError.noDatabase(path: path) }
        // A new or older file needs writing, which a read-only one cannot take.
        if let readOnlyCause { throw DatabaseError.readOnly(readOnlyCause) }
        if identity.isEmpty {
            // Switching to WAL needs no open transaction; it is harmless if another creator did it first.
            // The page size must be chosen before: WAL fixes it. Larger pages mean fewer page
            // writes when seeding, and search as fast (docs/PERFORMANCE.md).
            try connection.execute("PRAGMA page_size = \(Self.pageSize); PRAGMA journal_mode = WAL")
        }
        // One transaction per migration (`Schema.nextTransaction`), each starting from the version
        // the last one left, whichever process ran it.
        while try write({ try migrate($0, creating: creating) }) {}
    }

    /// Runs the migrations of the file's next transaction; false once the schema is current.
    private func migrate(_ connection: Connection, creating: Bool) throws -> Bool {
        // Another process may have created or migrated the file while we waited for our turn.
        let current = try readIdentity()
        if try isReady(current) { return false }
        if current.isEmpty && !creating { throw DatabaseError.noDatabase(path: path) }
        if current.isEmpty {
            try connection.execute("PRAGMA application_id = \(Schema.applicationID)")
        }
        let migrations = Schema.nextTransaction(for: Connection.dialect, after: current.version)
        guard let last = migrations.last else { return false }
        for migration in migrations {
            try connection.execute(migration.sql)
        }
        if migrations.contains(where: \.rebuildsQueueRows) {
            try SQLTransaction(connection, search: SQLiteQueueSearch()).rebuildQueueRows()
        }
        try connection.execute("PRAGMA user_version = \(last.version)")
        return true
    }

    /// True when the schema is current; throws when the file must not be touched.
    private func isReady(_ identity: Identity) throws -> Bool {
        if identity.isEmpty { return false }
        guard identity.applicationID == Schema.applicationID else { throw DatabaseError.notSLPDatabase(path: path) }
        let known = Schema.currentVersion(for: Connection.dialect)
        guard identity.version <= known else {
            throw DatabaseError.newerSchema(path: path, found: identity.version, known: known)
        }
        return identity.version == known
    }
}
