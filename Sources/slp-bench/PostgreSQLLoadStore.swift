#if PostgreSQL
/// A new database per round on a PostgreSQL server; slp makes its schema on first use.
struct PostgreSQLLoadStore: LoadStore {
    let server: LoadPostgreSQLServer
    let name: String
    let keep: Bool

    var backend: String { "PostgreSQL" }
    var location: String { server.url(database: name) }

    /// A new database, empty or (`template`) a copy of another (which nobody may be connected to).
    init(server: LoadPostgreSQLServer, name: String, keep: Bool, template: String? = nil) throws {
        self.server = server
        self.name = name
        self.keep = keep
        try server.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
        try server.execute("CREATE DATABASE \(name)" + (template.map { " TEMPLATE \($0)" } ?? ""))
    }

    func rows(_ sql: String) throws -> [[String]] {
        try server.query(sql, database: name)
    }

    func remove() {
        if !keep { try? server.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
    }
}
#endif
