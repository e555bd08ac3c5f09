
/// One step of the schema, applied once, in order; `user_version` records how many have run.
///
/// Append-only: a migration that shipped is never edited, a change is a new migration.
struct Migration {
    /// The `user_version` after this migration.
    let version: Int
    let sql: String
}
