import Foundation
import SLPData
#if PostgreSQL
import SLPPrivateCluster
#endif

/// A storage backend the repository contract runs against: a name for failure messages, and a
/// way to open a new, empty store.
struct RepositoryBackend {
    let name: String
    /// Opens a new, empty store; `directory` is a fresh, empty directory it may keep files in.
    let open: (_ directory: URL) throws -> Repositories

    /// Every backend this build has: SQLite always, PostgreSQL with the `PostgreSQL` trait.
    static var available: [RepositoryBackend] {
        #if PostgreSQL
        [.sqlite, .postgreSQL]
        #else
        [.sqlite]
        #endif
    }

    /// A new database file.
    static var sqlite: RepositoryBackend {
        RepositoryBackend(name: "SQLite") { directory in
            Repositories(sqlite: try Database(path: directory.appendingPathComponent("slp.sqlite").path))
        }
    }

    #if PostgreSQL
    /// A new database on the tests' private cluster. A cluster that cannot start fails the
    /// test: the PostgreSQL runs never skip.
    static var postgreSQL: RepositoryBackend {
        RepositoryBackend(name: "PostgreSQL") { _ in
            let uri = try PrivateCluster.shared().freshDatabase()
            func connect() throws -> Repositories {
                let database = try PGDatabase(uri: uri)
                return Repositories(
                    users: PGUserRepository(database: database), queue: PGQueueRepository(database: database),
                    search: PGSearchRepository(database: database), population: PGPopulationRepository(database: database),
                    matches: PGMatchRepository(database: database), chats: PGChatRepository(database: database),
                    events: PGEventRepository(database: database), reconnect: connect)
            }
            return try connect()
        }
    }
    #endif
}
