/// Which SQL a connection speaks: which SQL of each of `Schema`'s migrations it runs.
enum SQLDialect: Sendable, CaseIterable {
    case sqlite
    case postgreSQL
}
