/// The numbers a process slot of the metrics file holds after its pid, each written by one
/// thread of that process alone. The raw value is the number's place in the slot; the delivery
/// histogram's bucket counts follow `deliveryCount` (`MetricsFile.latencyBuckets`' bounds).
package enum MetricsValue: Int, CaseIterable, Sendable {
    /// A worker: 1 while it answers a request.
    case busy
    /// The hub: connections lighttpd handed it that are open now.
    case sockets
    /// The hub: Socket.IO (Engine.IO) sessions.
    case sessions
    /// The hub: `/v1/events` long polls held.
    case polls
    /// The hub: when its feed last read everything committed, in microseconds since 1970.
    case feedCurrentAt
    /// Transactions run again after the database was busy or in conflict.
    case databaseRetries
    /// Transactions given up after their last attempt found the database busy or in conflict.
    case databaseFailures
    /// The hub: people in the queue, and the push counts (`slp pushes`), as its last read found them.
    case waitingUsers
    case pushesPending
    case pushesSent
    case pushesRetried
    case pushesDropped
    case pushesTokensCleared
    case pushesParked
    /// The hub: when it last read the counts above, in microseconds since 1970 (0: never).
    case countsReadAt
    /// The hub: the time from each event's commit to its emit, in microseconds, and how many.
    case deliverySum
    case deliveryCount
}
