/// What the hub asks its composition about callers. An answer may come later (the composition
/// reads storage off the loop), through `then`, on the loop, once; the hub checks again then
/// that what it asked for still stands.
package struct HubGate {
    /// Who a token proves its caller is, and that they may use the hub (registered): the
    /// `idtoken` header of a request to `/socket.io/` (the handshake, each later poll and post,
    /// an upgrade; nil without one), or the `idtoken` of a Socket.IO CONNECT's `auth`.
    package var identify: (String?, @escaping (HubCaller) -> Void) -> Void
    /// Whether user `uid` may connect a Socket.IO socket now (still registered).
    package var admit: (String, @escaping (HubCaller) -> Void) -> Void

    package init(
        identify: @escaping (String?, @escaping (HubCaller) -> Void) -> Void,
        admit: @escaping (String, @escaping (HubCaller) -> Void) -> Void
    ) {
        self.identify = identify
        self.admit = admit
    }
}
