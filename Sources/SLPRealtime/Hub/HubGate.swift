/// What the hub asks its composition about callers. An answer may come later (the composition
/// reads storage off the loop), through `then`, on the loop, once; the hub checks again then
/// that what it asked for still stands.
package struct HubGate {
    /// Who the head of a request to `/socket.io/` proves its caller is (the handshake, each
    /// later poll and post, an upgrade).
    package var identify: (HTTPRequestHead, @escaping (HubCaller) -> Void) -> Void
    /// Whether user `uid` may connect a Socket.IO socket now (still registered).
    package var admit: (String, @escaping (HubCaller) -> Void) -> Void

    package init(
        identify: @escaping (HTTPRequestHead, @escaping (HubCaller) -> Void) -> Void,
        admit: @escaping (String, @escaping (HubCaller) -> Void) -> Void
    ) {
        self.identify = identify
        self.admit = admit
    }
}
