/// One step of slp's schema, with its SQL for each backend side by side: applied once, in
/// order, each in its own transaction, on the backends that have SQL for it. A backend counts
/// only its own steps (`NumberedMigration`), so the versions its databases record keep their meaning.
///
/// A migration that shipped is only ever rewritten so that every database it runs on ends in
/// the same state; a change is a new migration, appended to `Schema.migrations`.
struct Migration: Sendable {
    let sqlite: MigrationSQL
    let postgreSQL: MigrationSQL
    /// The queue's rows are written anew from the users and their places once the last
    /// migration has run (with this version's `QueueRecord`, `QueueTraits` and `QueueCard`): set
    /// by a migration that changes their layout, or leaves them to be written.
    var rebuildsQueueRows = false

    /// What this migration does on the backend that speaks `dialect`.
    func sql(for dialect: SQLDialect) -> MigrationSQL {
        switch dialect {
        case .sqlite: sqlite
        case .postgreSQL: postgreSQL
        }
    }
}
