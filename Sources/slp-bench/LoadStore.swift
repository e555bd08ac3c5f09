/// A fresh slp store for one round of the load mode, and SQL over it for the invariants.
protocol LoadStore {
    /// "SQLite" or "PostgreSQL", as the report names it.
    var backend: String { get }
    /// What `slp --db` is given.
    var location: String { get }
    /// The rows of a query, every value as text and NULL as "". The SQL must read the same on
    /// both backends (PostgreSQL's search path is slp's schema).
    func rows(_ sql: String) throws -> [[String]]
    /// Removes the store, unless it is to be kept.
    func remove()
}
