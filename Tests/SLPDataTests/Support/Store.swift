import SLPData
import SLPDomain
import SLPTestSupport

/// One store as the domain sees it: its `Storage` (the unit of work of every use case) and its
/// bulk loader, through their protocols only.
struct Store {
    let storage: any Storage
    let population: any PopulationRepository
    /// The same store through a connection of its own, as another process would open it.
    let reconnect: () throws -> Store
    /// `reconnect`, to be called on another thread; nil for the in-memory fake, whose tables
    /// belong to one thread of one process.
    let connectElsewhere: (@Sendable () throws -> Store)?
}

extension Store {
    /// The store of the SQLite file `database`; `reconnect` opens the same file anew.
    init(sqlite database: Database) {
        let path = database.path
        let connect: @Sendable () throws -> Store = { Store(sqlite: try Database(path: path)) }
        self.init(
            storage: SQLiteStorage(database: database), population: SQLitePopulationRepository(database: database),
            reconnect: connect, connectElsewhere: connect)
    }

    /// The in-memory fake over `database`; `reconnect` is another storage over the same tables,
    /// as there is no other process to be.
    init(inMemory database: InMemoryDatabase) {
        self.init(
            storage: InMemoryStorage(database), population: InMemoryPopulationRepository(database),
            reconnect: { Store(inMemory: database) }, connectElsewhere: nil)
    }

    #if PostgreSQL
    /// The store of the PostgreSQL database at `uri`; `reconnect` opens a connection of its own.
    init(postgreSQL uri: String) throws {
        let database = try PGDatabase(uri: uri)
        let connect: @Sendable () throws -> Store = { try Store(postgreSQL: uri) }
        self.init(
            storage: PGStorage(database: database), population: PGPopulationRepository(database: database),
            reconnect: connect, connectElsewhere: connect)
    }
    #endif
}
