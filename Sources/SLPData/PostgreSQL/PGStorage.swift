#if PostgreSQL
import SLPDomain

/// slp's service on a PostgreSQL server: each use case's transaction is one of the server's
/// (`PGDatabase`: serializable writes retried whole, repeatable-read snapshots), with the shared
/// SQL of `SQLTransaction`; every commit notifies the channel that wakes followers on any host.
public final class PGStorage: Storage {
    public let database: PGDatabase
    /// Kept across searches: study names recur.
    private let search = PGQueueSearch()

    public init(database: PGDatabase) {
        self.database = database
    }

    public func read<T>(_ body: (any ReadTransaction) throws -> T) throws -> T {
        try database.read { try body(SQLTransaction($0, search: search)) }
    }

    /// One statement (`SQLTransaction.situation`), with no transaction around it.
    public func situation(of uid: UserID) throws -> PartySnapshot? {
        try database.readOneStatement { try SQLTransaction($0, search: search).situation(of: uid) }
    }

    public func write<T>(_ body: (any WriteTransaction) throws -> T) throws -> T {
        try database.write { try body(SQLTransaction($0, search: search)) }
    }

    /// A claim of due pushes outside the serializable writes (`PGDatabase.claim`): its select
    /// locks the rows it takes and skips those locked, so senders and the chats that queue
    /// pushes never cancel each other.
    public func claim<T>(_ body: (any WriteTransaction) throws -> T) throws -> T {
        try database.claim { try body(SQLTransaction($0, search: search, claiming: true)) }
    }

    public var acceptsWrites: Bool { true }

    public func changeToken() throws -> Int64 {
        try database.changeToken()
    }

    public nonisolated(nonsending) func waitForChange(after token: Int64, upTo limit: Duration) async throws -> Int64 {
        try await database.waitForChange(after: token, upTo: limit)
    }
}
#endif
