/// A migration as one backend runs it: its script, and the version a database of that backend
/// records once it ran (how many of the backend's migrations it has run).
struct NumberedMigration: Sendable {
    let version: Int
    let sql: String
    /// `Migration.rebuildsQueueRows`.
    let rebuildsQueueRows: Bool
}
