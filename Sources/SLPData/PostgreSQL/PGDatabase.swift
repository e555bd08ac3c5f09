#if PostgreSQL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// slp's database on a PostgreSQL server: one connection per process, slp's own schema `slp`
/// (created or migrated on first use), every read and write one transaction, a write retried
/// whole when the server reports a serialization failure or a deadlock.
public final class PGDatabase {
    let connection: PGConnection
    private let policy: RetryPolicy
    /// The server's clock minus this machine's, in seconds, measured when connecting.
    public let serverClockOffset: TimeInterval
    /// Notifications of commits seen so far; nil until this process first asks (then it listens).
    private var commitsSeen: Int64?

    /// The channel every write transaction notifies when it commits.
    static let changes = "slp_changes"

    /// The database and its host, for messages; never the password.
    public var target: String { connection.target }

    /// Serializable transactions conflict more often than SQLite's single writer waits: more
    /// tries by default, each after a short random pause.
    public static let defaultPolicy = RetryPolicy(maxAttempts: 30, initialBackoffMilliseconds: 2)

    public init(uri: String, policy: RetryPolicy = PGDatabase.defaultPolicy) throws {
        connection = try PGConnection(uri: uri)
        self.policy = policy
        // In one round trip: a lock held by another slp longer than SQLite's busy wait ends
        // the statement (55P03); no JIT compilation, which costs more than slp's short
        // statements take; the server's clock.
        let before = Date()
        let server = try connection.execute("""
            SELECT set_config('lock_timeout', $1, false), set_config('jit', 'off', false), extract(epoch FROM clock_timestamp())::float8
            """, ["\(policy.busyTimeoutMilliseconds)ms"]).first { $0.double(2) } ?? 0
        let after = Date()
        serverClockOffset = server - (before.timeIntervalSince1970 + after.timeIntervalSince1970) / 2
        try PGSchema.prepare(connection)
    }

    /// A consistent snapshot: every statement in `body` sees the same committed state.
    func read<T>(_ body: (PGConnection) throws -> T) throws -> T {
        try transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", commit: "COMMIT", body)
    }

    /// One statement that reads, on its own: a statement sees one snapshot, so it needs no
    /// transaction around it (two round trips fewer).
    func readStatement(_ sql: String, _ values: [(any PGValue)?] = []) throws -> PGResult {
        try connection.execute(sql, values)
    }

    /// A maintenance statement that cannot run in a transaction (VACUUM).
    func maintain(_ sql: String) throws {
        try connection.executeScript(sql)
    }

    /// One serializable transaction; on a conflict the whole of `body` runs again. Its commit
    /// notifies `changes`, in the same round trip.
    @discardableResult
    func write<T>(_ body: (PGConnection) throws -> T) throws -> T {
        try transaction("BEGIN ISOLATION LEVEL SERIALIZABLE", commit: "NOTIFY \(Self.changes); COMMIT", body)
    }

    private func transaction<T>(_ begin: String, commit: String, _ body: (PGConnection) throws -> T) throws -> T {
        // A unique index that a concurrent commit just filled counts as a conflict too: run
        // again, the rules then see that commit and refuse properly.
        try policy.run(retrying: { [.conflict, .constraint].contains(($0 as? PGError)?.kind) }) {
            try connection.execute(begin)
            do {
                let result = try body(connection)
                try connection.executeScript(commit)
                return result
            } catch {
                _ = try? connection.executeScript("ROLLBACK")
                throw error
            }
        }
    }

    /// How many commits this process has been told of since it first asked: it listens from
    /// then on, so a commit after the first call always moves the number. A round trip first:
    /// the server sends what it has to tell before it answers, so a commit that another
    /// connection has seen acknowledged is counted.
    func changeToken() throws -> Int64 {
        if commitsSeen == nil {
            try connection.execute("LISTEN \(Self.changes)")
            commitsSeen = 0
        }
        try connection.execute("SELECT 1")
        return try notificationsSeen()
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
            current = try notificationsSeen()
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
