/// How a running `slp serve` ended.
package enum ServeEnd: Sendable, Equatable {
    /// SIGINT or SIGTERM asked it to stop, and lighttpd, the workers, the hub and the push
    /// sender have.
    case stopped
    /// lighttpd could not listen: the port was taken after serve found it free.
    case portInUse
    /// lighttpd ended by itself: its last message (without its timestamp) if it left one, and
    /// its exit status.
    case lighttpdStopped(lastMessage: String?, status: Int32)
}
