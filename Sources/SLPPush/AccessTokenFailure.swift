/// Why no access token could be had just now.
enum AccessTokenFailure: Error, Equatable, Sendable {
    /// The endpoint could not be reached or failed (network, timeout, 5xx, 429, an unreadable
    /// answer): try again later.
    case unavailable(retryAfter: Duration?)
    /// The endpoint refused the service account (a 4xx: a revoked key, a wrong client): a
    /// configuration fault.
    case refused
}
