import SLPRealtime

/// What the hub's loop asks its reader, the one part of the hub that checks tokens and reads
/// storage (off the loop, which never waits on the database).
enum HubQuestion: Sendable {
    /// Who an `idtoken` proves the caller is, if registered: a request to `/socket.io/`.
    case identify(idToken: String?)
    /// Whether `uid` is (still) registered: a Socket.IO CONNECT.
    case admit(uid: String)
    /// A `GET /v1/events` long poll's first look: its caller, its parameters, then its events.
    case poll(idToken: String?, target: String)
    /// A held poll of `uid` looks again after `since`.
    case look(uid: String, since: Int64)
}
