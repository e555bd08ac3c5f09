/// Which SQL a connection speaks, for the few statements that differ between the backends.
enum SQLDialect: Sendable {
    case sqlite
    case postgreSQL
}
