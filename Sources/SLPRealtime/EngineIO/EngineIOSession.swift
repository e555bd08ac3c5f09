/// One Engine.IO session: a client of one user, over HTTP long-polling, then WebSocket after an
/// upgrade, or WebSocket alone; and its Socket.IO socket on the default namespace once connected.
final class EngineIOSession {
    let sid: String
    /// Whether the handshake carried an `idtoken` header (the apps): every later request must
    /// then prove the same uid. Without one (a browser, which cannot set headers on a WebSocket)
    /// the token comes in Socket.IO's CONNECT, and the sid alone names the session.
    let byHeader: Bool
    /// The uid the handshake's `idtoken` proved, or a CONNECT's; nil until then.
    var owner: String?
    /// The client's address while the session waits for its CONNECT's token (counted against
    /// that address); nil once it has an owner.
    var waitingAddress: String?
    /// The deadline for a CONNECT with a valid token, while there is none.
    var connectDeadline: Int?
    /// The Socket.IO socket's id once the client connected to the default namespace.
    var socketID: String?
    /// Whether a CONNECT's question is with the gate (a storage read each): another CONNECT
    /// meanwhile is ignored, so that a poll's body of thousands asks once.
    var isConnecting = false
    /// The transport once upgraded, or from the start.
    var webSocket: HubConnection?
    /// A WebSocket probing to take over, before the client's `upgrade` packet.
    var probe: HubConnection?
    /// Whether that WebSocket's probe was answered: the client now waits for its poll to end
    /// before it sends `upgrade`, so a poll until then is held only briefly
    /// (`HubSettings.noopWhileUpgrading`).
    var isUpgrading = false
    /// The deadline for that WebSocket's `upgrade` (`HubSettings.upgradeTimeout`).
    var upgradeDeadline: Int?
    /// The poll held until there is something to send.
    var heldPoll: HubConnection?
    /// Packets for the next poll.
    var waiting: [EngineIOPacket] = []
    /// The next ping, and the deadline for the pong of the last one.
    var pingTimer: Int?
    var pongDeadline: Int?
    /// When the token that last proved the owner expires.
    var expiryTimer: Int?
    var isClosed = false
    /// Told why it ends (a refused CONNECT, eviction, expiry) over polling: it ends once its next
    /// poll has taken its waiting packets, and hears nothing more meanwhile (`EngineIOServer.endAtNextPoll`).
    var isEnding = false

    init(sid: String, owner: String?) {
        self.sid = sid
        self.owner = owner
        self.byHeader = owner != nil
    }
}
