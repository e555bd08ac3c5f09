import SLPDomain

/// slp's service in one SQLite file: each use case's transaction is one of the file's
/// (`Database`), with the shared SQL of `SQLTransaction` and search over the queue's grid.
public final class SQLiteStorage: Storage {
    public let database: Database
    /// Kept across searches: study names recur.
    private let search = SQLiteQueueSearch()

    public init(database: Database) {
        self.database = database
    }

    public func read<T>(_ body: (any ReadTransaction) throws -> T) throws -> T {
        try database.read { try body(SQLTransaction($0, search: search)) }
    }

    public func write<T>(_ body: (any WriteTransaction) throws -> T) throws -> T {
        try database.write { try body(SQLTransaction($0, search: search)) }
    }

    public var acceptsWrites: Bool { database.readOnlyCause == nil }

    public func changeToken() throws -> Int64 {
        try database.dataVersion()
    }

    public nonisolated(nonsending) func waitForChange(after token: Int64, upTo limit: Duration) async throws -> Int64 {
        try await database.waitForChange(after: token, upTo: limit)
    }
}
