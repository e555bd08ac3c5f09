/// What one migration does on one backend: its SQL, or why that backend needs none.
enum MigrationSQL: Sendable {
    /// A script of one or more statements.
    case sql(String)
    /// The backend has nothing to do here, for the reason given (said, so that a step written for
    /// one backend alone is a decision, never an omission).
    case notNeeded(because: String)

    /// The script, or nil when there is none.
    var script: String? {
        if case .sql(let script) = self { script } else { nil }
    }
}
