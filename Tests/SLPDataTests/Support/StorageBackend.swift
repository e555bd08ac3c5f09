import Foundation
import SLPData
import SLPTestSupport
#if PostgreSQL
import SLPPrivateCluster
#endif

/// A backend the storage contract runs against: a name for failure messages, and a way to
/// open a new, empty store.
struct StorageBackend {
    let name: String
    /// Opens a new, empty store; `directory` is a fresh, empty directory it may keep files in.
    let open: (_ directory: URL) throws -> Store

    /// Every backend this build has: SQLite and the in-memory fake always, PostgreSQL with the
    /// `PostgreSQL` trait, narrowed by `SLP_TEST_BACKENDS` (`BackendSelection`). The fake runs
    /// the same contract so that it cannot drift from the real backends the domain's tests
    /// stand in for.
    static var available: [StorageBackend] { chosen(builtSQL + [.inMemory]) }

    /// The backends that keep the store in SQL.
    static var sql: [StorageBackend] { chosen(builtSQL) }

    private static var builtSQL: [StorageBackend] {
        #if PostgreSQL
        [.sqlite, .postgreSQL]
        #else
        [.sqlite]
        #endif
    }

    private static func chosen(_ backends: [StorageBackend]) -> [StorageBackend] {
        let names = BackendSelection.chosen(from: backends.map(\.name))
        return backends.filter { names.contains($0.name) }
    }

    /// A new database file.
    static var sqlite: StorageBackend {
        StorageBackend(name: "SQLite") { directory in
            Store(sqlite: try Database(path: directory.appendingPathComponent("slp.sqlite").path))
        }
    }

    /// New, empty tables in memory.
    static var inMemory: StorageBackend {
        StorageBackend(name: "in-memory") { _ in Store(inMemory: InMemoryDatabase()) }
    }

    #if PostgreSQL
    /// A new database on the tests' private cluster. A cluster that cannot start fails the
    /// test: the PostgreSQL runs never skip.
    static var postgreSQL: StorageBackend {
        StorageBackend(name: "PostgreSQL") { _ in try Store(postgreSQL: try PrivateCluster.shared().freshDatabase()) }
    }
    #endif
}
