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
}
