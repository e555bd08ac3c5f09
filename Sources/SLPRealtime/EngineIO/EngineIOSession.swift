/// One Engine.IO session: a client of one user, over HTTP long-polling, then WebSocket after an
/// upgrade, or WebSocket alone; and its Socket.IO socket on the default namespace once connected.
final class EngineIOSession {
    let sid: String
    /// The uid the handshake's `idtoken` proved; every later request must prove the same.
    let owner: String
    /// The Socket.IO socket's id once the client connected to the default namespace.
    var socketID: String?
    /// The transport once upgraded, or from the start.
    var webSocket: HubConnection?
    /// A WebSocket probing to take over, before the client's `upgrade` packet.
    var probe: HubConnection?
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
    /// Told why it ends (`EngineIOServer.end`), waiting for the poll that takes the reason.
    var isEnding = false

    init(sid: String, owner: String) {
        self.sid = sid
        self.owner = owner
    }
}
