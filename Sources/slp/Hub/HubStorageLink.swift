import SLPData
import SLPDomain

/// The database as one of the hub's own tasks (the feed, the penalty sweep) holds it: a
/// connection of its own, opened when first needed and again after a failure (a PostgreSQL
/// restart), and each stretch of failures said once on the error log, and its end.
struct HubStorageLink {
    private let location: StorageLocation
    /// What fails, as the log says it: "cannot read the database".
    private let failing: String
    /// What goes on again, as the log says it: "reading the database again".
    private let recovered: String
    private var storage: (any Storage)?
    private var isFailing = false

    init(_ location: StorageLocation, failing: String, recovered: String) {
        self.location = location
        self.failing = failing
        self.recovered = recovered
    }

    /// The storage, and whether it was opened just now (anything that followed the last one
    /// goes on over this one).
    mutating func current() throws -> (storage: any Storage, opened: Bool) {
        if let storage { return (storage, false) }
        let opened = try Self.open(location)
        storage = opened
        return (opened, true)
    }

    /// The task did its part: a stretch of failures is over.
    mutating func succeeded() {
        guard isFailing else { return }
        isFailing = false
        StandardStreams.writeError("slp hub: \(recovered)\n")
    }

    /// The task failed: said if it is the first failure since it last did its part; the
    /// connection is let go, to be opened afresh.
    mutating func failed(_ error: any Error) {
        storage = nil
        guard !isFailing else { return }
        isFailing = true
        StandardStreams.writeError("slp hub: \(failing) (\(FailureRenderer.oneLine(Failure(error).message))); trying again\n")
    }

    private static func open(_ location: StorageLocation) throws -> any Storage {
        switch location {
        case .file(let path, _):
            return SQLiteStorage(database: try Database(path: path, creation: .none))
        case .server(let uri):
            #if PostgreSQL
            return PGStorage(database: try PGDatabase(uri: uri, creatingSchema: false))
            #else
            preconditionFailure("a PostgreSQL location in a build without PostgreSQL: \(location.display)")
            #endif
        }
    }
}
