/// Who answers a path `slp serve` serves.
package enum RouteAnswerer: String, Sendable {
    /// slp's SCGI workers (or, with `--cgi`, slp run as a CGI program): every request that is
    /// answered at once.
    case workers
    /// The realtime hub: every client that waits (Socket.IO, long polls).
    case hub
    /// lighttpd itself: the web client's files, which serve writes into its directory at start.
    case files
}
