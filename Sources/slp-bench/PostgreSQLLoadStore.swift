#if PostgreSQL
/// A new database per round on a PostgreSQL server; slp makes its schema on first use.
struct PostgreSQLLoadStore: LoadStore {
    let server: LoadPostgreSQLServer
    let name: String
    let keep: Bool

    var backend: String { "PostgreSQL" }
    var location: String { server.url(database: name) }

    init(server: LoadPostgreSQLServer, name: String, keep: Bool) throws {
        self.server = server
        self.name = name
        self.keep = keep
        try server.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
        try server.execute("CREATE DATABASE \(name)")
    }

    func rows(_ sql: String) throws -> [[String]] {
        try server.query(sql, database: name)
    }

    func remove() {
        if !keep { try? server.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
    }
}
#endif
