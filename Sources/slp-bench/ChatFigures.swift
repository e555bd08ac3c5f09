/// What `ChatBench` measured on one backend.
struct ChatFigures {
    let backend: String
    /// Seconds to store the 2M messages.
    var fill: Double?
    var messages: Int?
    var newest: Percentiles?
    var paging: Percentiles?
    /// Median milliseconds of `slp --json chat list --limit 50`.
    var listProcess: Double?
    var sendRate: Double?
    var followLatency: Percentiles?
    var eventsLatency: Percentiles?
    /// Milliseconds from an accept's commit to the end of the `slp queue --wait` it matched.
    var waitLatency: Percentiles?
    /// A new connection (PostgreSQL): how long it takes, and the server's clock offset it measured.
    var connection: ConnectionFigures?
}
