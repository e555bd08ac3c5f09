#if PostgreSQL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// slp's database on a PostgreSQL server: one connection per process, slp's own schema `slp`
/// (created or migrated on first use), every read and write one transaction, a write retried
/// whole when the server reports a serialization failure or a deadlock. A connection lost
/// between transactions or inside one before its COMMIT was sent (a server restart, a session
/// ended by an operator) is opened again and the transaction run again whole: the server
/// rolled it back. One lost while committing a write is refused: whether it was stored is
/// unknown, and running it again could store it twice.
public final class PGDatabase {
    private(set) var connection: PGConnection
    private let uri: String
    private let policy: RetryPolicy
    /// The server's clock minus this machine's, in seconds, measured when connecting.
    public let serverClockOffset: TimeInterval
    /// Notifications of commits seen so far; nil until this process first asks (then it listens).
    private var commitsSeen: Int64?

    /// The channel every write transaction notifies when it commits.
    static let changes = "slp_changes"

    /// How long a lost connection is tried again before the error is reported: long enough for
    /// a server's restart, short enough that a server gone for good is said so.
    static let reconnectWindow: Duration = .seconds(30)
    /// The pause between two tries to reconnect.
    static let reconnectPause: Duration = .milliseconds(100)

    /// The database and its host, for messages; never the password.
    public var target: String { connection.target }

    /// Serializable transactions conflict more often than SQLite's single writer waits: more
    /// tries by default, each after a short random pause.
    public static let defaultPolicy = RetryPolicy(maxAttempts: 30, initialBackoffMilliseconds: 2)

    /// Connects to the database `uri` names and brings slp's schema to this version; when it has
    /// none yet, creates it if `creatingSchema`, else throws `PGSchemaError.missing`.
    public init(uri: String, policy: RetryPolicy = PGDatabase.defaultPolicy, creatingSchema: Bool = true) throws {
        connection = try PGConnection(uri: uri)
        self.uri = uri
        self.policy = policy
        serverClockOffset = try Self.configure(connection, policy: policy)
        try PGSchema.prepare(connection, creating: creatingSchema)
    }

    /// Sets a new session up in one round trip: a lock held by another slp longer than SQLite's
    /// busy wait ends the statement (55P03); no JIT compilation, which costs more than slp's
    /// short statements take; tables named without a schema are slp's, and no other schema's
    /// (the shared SQL names them so). Returns the server's clock minus this machine's.
    private static func configure(_ connection: PGConnection, policy: RetryPolicy) throws -> TimeInterval {
        let before = Date()
        let server = try connection.execute("""
            SELECT set_config('lock_timeout', $1, false), set_config('jit', 'off', false), set_config('search_path', 'slp', false),
                extract(epoch FROM clock_timestamp())::float8
            """, ["\(policy.busyTimeoutMilliseconds)ms"]).first { $0.double(3) } ?? 0
        let after = Date()
        return server - (before.timeIntervalSince1970 + after.timeIntervalSince1970) / 2
    }

    /// A consistent snapshot: every statement in `body` sees the same committed state.
    func read<T>(_ body: (PGConnection) throws -> T) throws -> T {
        try transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", commit: "COMMIT", isWrite: false, body)
    }

    /// A read of one statement, on its own: a statement sees one snapshot, so it needs no
    /// transaction around it (two round trips fewer). A second statement in `body` would see
    /// another snapshot: a bug, stopped in debug builds.
    func readOneStatement<T>(_ body: (PGConnection) throws -> T) throws -> T {
        try reconnecting {
            let before = connection.statementsRun
            let result = try body(connection)
            assert(connection.statementsRun == before + 1, "a read without a transaction ran \(connection.statementsRun - before) statements")
            return result
        }
    }

    /// A maintenance statement that cannot run in a transaction (VACUUM).
    func maintain(_ sql: String) throws {
        try reconnecting { try connection.executeScript(sql) }
    }

    /// One serializable transaction; on a conflict the whole of `body` runs again. Its commit
    /// notifies `changes`, in the same round trip.
    @discardableResult
    func write<T>(_ body: (PGConnection) throws -> T) throws -> T {
        try transaction("BEGIN ISOLATION LEVEL SERIALIZABLE", commit: "NOTIFY \(Self.changes); COMMIT", isWrite: true, body)
    }

    /// A write at read committed, for a claim whose select locks what it takes (`FOR UPDATE
    /// SKIP LOCKED`): the rows it changes are those it locked, so it needs no serializable
    /// predicate locks, which the chats queueing pushes would conflict with. Its commit notifies
    /// `changes` too.
    @discardableResult
    func claim<T>(_ body: (PGConnection) throws -> T) throws -> T {
        try transaction("BEGIN ISOLATION LEVEL READ COMMITTED", commit: "NOTIFY \(Self.changes); COMMIT", isWrite: true, body)
    }

    private func transaction<T>(_ begin: String, commit: String, isWrite: Bool, _ body: (PGConnection) throws -> T) throws -> T {
        try reconnecting { try attempts(begin, commit: commit, isWrite: isWrite, body) }
    }

    private func attempts<T>(_ begin: String, commit: String, isWrite: Bool, _ body: (PGConnection) throws -> T) throws -> T {
        // A unique index that a concurrent commit just filled counts as a conflict too: run
        // again, the rules then see that commit and refuse properly.
        try policy.run(retrying: { [.conflict, .constraint].contains(($0 as? PGError)?.kind) }) {
            try connection.execute(begin)
            do {
                let result = try body(connection)
                try finish(commit, isWrite: isWrite)
                return result
            } catch {
                _ = try? connection.executeScript("ROLLBACK")
                throw error
            }
        }
    }

    /// Sends the commit. A write's commit sent on a connection lost before it answered may or may
    /// not be stored: it must not run again, and `isLost` is false for the error it becomes. So
    /// the connection is checked first: one found broken then never got the commit, and the
    /// server rolled the transaction back.
    private func finish(_ commit: String, isWrite: Bool) throws {
        if isWrite { try connection.confirmOpen() }
        do {
            try connection.executeScript(commit)
        } catch {
            guard isWrite, isLost(error) else { throw error }
            throw PGError(
                kind: .connection, sqlState: Self.resolutionUnknown,
                message: "lost the PostgreSQL database \(target) while committing, so this write may or may not be stored: \(error.message)")
        }
    }

    /// SQLSTATE transaction_resolution_unknown: a COMMIT sent on a connection lost before it answered.
    static let resolutionUnknown = "08007"

    /// Whether `error` means the connection is gone and what was asked may be asked again on a
    /// new one (rather than a statement refused on a connection that still stands, or a commit
    /// whose outcome is unknown).
    private func isLost(_ error: any Error) -> Bool {
        guard let error = error as? PGError else { return false }
        return error.kind == .connection && error.sqlState != Self.resolutionUnknown && !connection.isOpen
    }

    /// Runs `body`, and again on a new connection each time the connection is lost in it, until
    /// it has been lost for `reconnectWindow`; then the last error reconnecting.
    private func reconnecting<T>(_ body: () throws -> T) throws -> T {
        // The window counts from the first loss, however often the connection is lost again.
        var deadline: ContinuousClock.Instant?
        while true {
            do {
                return try body()
            } catch {
                guard isLost(error) else { throw error }
                let by = deadline ?? .now + Self.reconnectWindow
                deadline = by
                try reconnect(before: by)
            }
        }
    }

    /// Opens a new connection in place of the lost one, trying again after a pause until
    /// `deadline`. A process that listens listens again, and its change token moves: a commit's
    /// notification may have been missed meanwhile, so it reads again.
    private func reconnect(before deadline: ContinuousClock.Instant) throws {
        while true {
            do {
                connection = try setUp(try PGConnection(uri: uri))
                return
            } catch {
                guard (error as? PGError)?.kind == .connection else { throw error }
                guard ContinuousClock.now + Self.reconnectPause < deadline else {
                    let detail = (error as? PGError)?.message ?? "\(error)"
                    throw PGError(kind: .connection, message: "\(detail) (the connection was lost; tried again for \(Self.reconnectWindow.components.seconds) s)")
                }
                usleep(UInt32(Self.reconnectPause / .microseconds(1)))
            }
        }
    }

    /// A new connection set up as the first was (`configure`), and listening again when this
    /// process listens (its change token then moves).
    private func setUp(_ fresh: PGConnection) throws -> PGConnection {
        _ = try Self.configure(fresh, policy: policy)
        if commitsSeen != nil {
            try fresh.execute("LISTEN \(Self.changes)")
            commitsSeen = (commitsSeen ?? 0) + 1
        }
        return fresh
    }

    /// How many commits this process has been told of since it first asked: it listens from
    /// then on, so a commit after the first call always moves the number. A round trip first:
    /// the server sends what it has to tell before it answers, so a commit that another
    /// connection has seen acknowledged is counted.
    func changeToken() throws -> Int64 {
        try reconnecting {
            if commitsSeen == nil {
                try connection.execute("LISTEN \(Self.changes)")
                commitsSeen = 0
            }
            try connection.execute("SELECT 1")
            return try notificationsSeen()
        }
    }

    /// `changeToken()` as soon as it differs from `token`, or once `limit` has passed: the
    /// server's notification wakes the wait, nothing is read in between.
    nonisolated(nonsending) func waitForChange(after token: Int64, upTo limit: Duration) async throws -> Int64 {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        var current = try changeToken()
        while current == token {
            let left = deadline - clock.now
            guard left > .zero else { break }
            await connection.waitForInput(upTo: left)
            // A lost connection is opened again, which moves the token.
            current = try reconnecting { try notificationsSeen() }
        }
        return current
    }

    /// Counts the notifications that have arrived, without a round trip.
    private func notificationsSeen() throws -> Int64 {
        let seen = (commitsSeen ?? 0) + Int64(try connection.drainNotifications())
        commitsSeen = seen
        return seen
    }
}
#endif
