import SLPDomain

/// A connection that runs slp's shared SQL: statements written once, with parameters `$1`,
/// `$2`… and tables named without a schema; each backend takes care of its placeholders and of
/// where its tables live.
///
/// What the backends store or write differently is asked of the executor by name, each
/// backend's answers in one place (`Connection+Dialect`, `PGConnection+Dialect`), so that the
/// shared operations (`SQLTransaction`) never ask which backend runs them.
protocol SQLExecutor: AnyObject {
    associatedtype Row: SQLRow
    /// Which SQL this backend speaks: the SQL of `Schema`'s migrations it runs.
    static var dialect: SQLDialect { get }
    /// Runs one statement; returns how many rows it inserted, changed or deleted.
    @discardableResult
    func run(_ sql: String, _ values: [SQLValue]) throws -> Int
    /// Calls `body` with each row one statement returns, in order.
    func forEach(_ sql: String, _ values: [SQLValue], _ body: (Row) throws -> Void) throws

    // MARK: What the backends do differently

    /// Puts `row` (the values of `QueueRecord.columns`) in the queue in place of the row of the
    /// user of row `id`, if any, with what this backend keeps beside it for searches by `studies`.
    func placeInQueue(id: Int64, _ row: [SQLValue], studies: StudyList) throws

    /// A statement whose one row's `position` is where the feed of everyone's events stands in
    /// this transaction (`ReadTransaction.eventFeedPosition`).
    static var eventFeedPosition: String { get }

    /// The condition on `events` that selects the events committed after feed position `$1`
    /// (and perhaps some before).
    static var eventsAfterPosition: String { get }

    /// What ends a claim's select of due rows of `table` (`Storage.claim`): rows another claim
    /// holds are passed over rather than waited for, and those selected stay this claim's.
    static func claimingRows(of table: String) -> String

    /// An expression whose value is the JSON array of `value` over the rows `source` (a table
    /// and its WHERE clause) selects, in `order`; `[]` for none.
    static func jsonArray(of value: String, from source: String, orderedBy order: String) -> String

    /// Stores `event` (the values of `EventRecord.columns`) for the user of row `recipient`, with
    /// an id greater than those of the recipient's events committed before it; then forgets the
    /// recipient's oldest events from before `cutoff` (unix milliseconds, `EventRecord.forgetting`).
    /// Returns the new event's id.
    func insertEvent(_ event: [SQLValue], recipient: Int64, forgettingBefore cutoff: Int64) throws -> Int64
}

extension SQLExecutor {
    /// Every row, each read by `read`.
    func map<T>(_ sql: String, _ values: [SQLValue], _ read: (Row) throws -> T) throws -> [T] {
        var rows: [T] = []
        try forEach(sql, values) { rows.append(try read($0)) }
        return rows
    }

    /// The first row read by `read`, or nil when there is none.
    func first<T>(_ sql: String, _ values: [SQLValue], _ read: (Row) throws -> T) throws -> T? {
        var found: T?
        try forEach(sql, values) { row in
            if found == nil { found = try read(row) }
        }
        return found
    }
}
