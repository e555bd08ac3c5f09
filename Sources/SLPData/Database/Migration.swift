/// One step of the schema, applied once, in order; `user_version` records how many have run.
///
/// A migration that shipped is only ever rewritten so that every file it runs on ends in the
/// same state; a change is a new migration.
struct Migration {
    /// The `user_version` after this migration.
    let version: Int
    let sql: String
    /// The queue's rows are written anew from the users and their places once the last
    /// migration has run (with this version's `QueueRecord`, `QueueTraits` and `QueueCard`): set
    /// by a migration that changes their layout, or leaves them to be written.
    var rebuildsQueueRows = false
}
