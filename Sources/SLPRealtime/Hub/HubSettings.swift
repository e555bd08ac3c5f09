/// What the hub allows each connection and session, and its heartbeat.
package struct HubSettings: Sendable {
    /// How often the server pings a session (Engine.IO's `pingInterval`).
    package var pingInterval: Duration = .seconds(25)
    /// How long a pong may take before the session is closed (`pingTimeout`).
    package var pingTimeout: Duration = .seconds(20)
    /// The longest message or poll body a client may send (`maxPayload`), in bytes.
    package var maxPayload = 100_000
    /// The longest request head, in bytes.
    package var maxHeadBytes = 16_384
    /// WebSocket output a client may leave unread before it is closed as too slow, in bytes (an
    /// HTTP answer, the hub's own and bounded by what makes it, is written whole).
    package var maxQueuedBytes = 1 << 20
    /// Packets a polling session may have waiting for its next poll.
    package var maxWaitingPackets = 1_024
    /// How long a session opened without an `idtoken` header (a browser's) may go without a
    /// CONNECT whose `auth` holds a valid token before it is closed.
    package var connectTimeout: Duration = .seconds(5)
    /// Sessions that may wait for that CONNECT at once, from one address and in all: each costs
    /// the hub memory before anyone is known, and a polling one no connection lighttpd counts.
    package var maxWaitingForConnectPerAddress = 64
    package var maxWaitingForConnect = 4_096
    /// How long a WebSocket probing to take over a polling session may go without the client's
    /// `upgrade` (`5`) before it is closed and polling goes on (engine.io's `upgradeTimeout`).
    package var upgradeTimeout: Duration = .seconds(10)
    /// How long a poll that comes while a probe waits for `5` is held before its noop (engine.io
    /// ends it at its next check, every 100 ms): no client polls faster while it upgrades.
    package var noopWhileUpgrading: Duration = .milliseconds(100)

    package init() {}
}
