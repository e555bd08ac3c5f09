import SLPSupport

/// Engine.IO 4 and Socket.IO 5 as socket.io-client-swift 16 speaks them (the SLP apps): sessions
/// over long-polling with the upgrade to WebSocket, or WebSocket alone; the server's pings; the
/// default namespace, `changesocketid`, and events emitted to every socket of a user. Whose a
/// session is comes from the handshake's `idtoken` header (the gate's `identify`), checked again
/// on every request; a socket connects only while its user may (the gate's `admit`). A browser
/// cannot put a header on a WebSocket, so a handshake without one opens a session that waits for
/// a Socket.IO CONNECT whose `auth` holds the token (`{"idtoken":"…"}`, socket.io v3+ clients'
/// `auth`): until then it receives nothing, and without one within `connectTimeout` it is closed.
package final class EngineIOServer {
    private unowned let loop: EventLoop
    private let settings: HubSettings
    private let gate: HubGate
    private var sessions: [String: EngineIOSession] = [:]
    /// Each user's sessions, oldest first.
    private var sessionsByUser: [String: [EngineIOSession]] = [:]
    /// Each user's sessions told why they end that wait for their next poll (`endAtNextPoll`),
    /// oldest first, `sessionsPerUser` at most: beyond, the oldest is closed outright, so that
    /// handshakes at full speed, each ending an older session, leave no pile behind them.
    private var endingByUser: [String: [EngineIOSession]] = [:]
    /// The sessions a user holds at most; a new one ends the oldest, saying why (`end`).
    package static let sessionsPerUser = 8
    /// What the oldest session is told when a newer one takes its place.
    private static let evicted = HubRefusal(
        409, code: "too_many_sessions", message: "a newer session of this user took this one's place (\(sessionsPerUser) at most)")
    /// What a session is told when its token expires.
    private static let expired = HubRefusal(401, code: "unauthorized", message: "the idtoken has expired")
    /// Whether serve is stopping (`sayGoodbye`): a session that comes now gets the goodbye too.
    private var saidGoodbye = false
    /// Sessions waiting for their CONNECT's token, by the client's address, and in all.
    private var waitingByAddress: [String: Int] = [:]
    private var waitingCount = 0

    package init(loop: EventLoop, settings: HubSettings, gate: HubGate) {
        self.loop = loop
        self.settings = settings
        self.gate = gate
    }

    /// Sessions open now, for the metrics.
    package var sessionCount: Int { sessions.count }

    /// Emits `event` with `json` (one JSON value) to every connected socket of `uid`; how many.
    @discardableResult
    package func emit(to uid: String, event: String, json: String) -> Int {
        let packet = EngineIOPacket(.message, SocketIOPacket(.event, data: "[\"\(event)\",\(json)]").encoded)
        var reached = 0
        for session in sessionsByUser[uid] ?? [] where session.socketID != nil {
            send(packet, to: session)
            reached += 1
        }
        return reached
    }

    /// Serve is stopping: every session ends with a goodbye that makes its app reconnect (to
    /// another serve behind a balancer; this one no longer listens), and so does any session
    /// opened from now on as soon as it has a transport.
    ///
    /// The goodbye is the transport's end, with no Engine.IO or Socket.IO packet before it: a
    /// WebSocket gets a close frame, 1001 ("going away"); a held poll is answered with a noop
    /// (as is one heard before, its token answered after) and the session forgotten, so the next
    /// poll fails. socket.io-client-swift 16 (the apps) and the JavaScript client take a
    /// transport's end as "transport close" and reconnect, and so does python-socketio. A
    /// Socket.IO DISCONNECT would mean "io server disconnect", after which no client reconnects
    /// by itself; an Engine.IO close (`1`) makes the Swift and JavaScript clients reconnect but
    /// python-socketio stop for good.
    package func sayGoodbye() {
        saidGoodbye = true
        for session in Array(sessions.values) { goodbye(session) }
    }

    private func goodbye(_ session: EngineIOSession) {
        let poll = session.heldPoll, webSockets = [session.webSocket, session.probe].compactMap { $0 }
        session.heldPoll = nil
        session.webSocket = nil
        session.probe = nil
        // With its transports taken away first, `close` only forgets the session.
        close(session)
        if let poll { endPoll(poll) }
        for webSocket in webSockets { webSocket.closeWebSocket(.goingAway) }
    }

    /// A request to `/socket.io/`, by its head: refused at once if it cannot be Engine.IO's or
    /// its caller may not use the hub, whatever body is still coming; else its body is read and
    /// the request served. (The server owns this object and runs the loop that calls back.)
    package func handle(_ connection: HubConnection, _ head: HTTPRequestHead) {
        guard head.parameter("EIO") == "4" else {
            return connection.respond(.refusal(400, code: "unsupported_protocol", message: "the hub speaks Engine.IO 4 (EIO=4)"))
        }
        guard let transport = head.parameter("transport"), transport == "polling" || transport == "websocket" else {
            return connection.respond(.refusal(400, code: "unknown_transport", message: "transport is polling or websocket"))
        }
        let token = head.header("idtoken")
        if token == nil {
            // A browser's: the handshake, or a request of a session it opened so (its sid names it).
            guard let sid = head.parameter("sid") else { return openWaiting(connection, head) }
            if let session = sessions[String(sid)], !session.byHeader {
                return connection.readBody { [weak self] body in self?.serve(session, connection, head, body) }
            }
            // An app's session, or none: refused without a token, as before there were others.
        }
        // The session the request names as it stood now: one a goodbye ends meanwhile still
        // answers it (`serve`).
        let named = head.parameter("sid").flatMap { sessions[String($0)] }
        // The answer comes later, from the reader: it finds the server gone rather than freed.
        gate.identify(token) { [weak self] caller in
            switch caller {
            case .refused(let refusal): connection.respond(refusal.response)
            case .user(let uid, let expiresIn):
                connection.readBody { [weak self] body in self?.serve(connection, head, uid, expiresIn, body, named: named) }
            }
        }
    }

    private func serve(
        _ connection: HubConnection, _ head: HTTPRequestHead, _ uid: String, _ expiresIn: Duration?, _ body: [UInt8], named: EngineIOSession?
    ) {
        guard let sid = head.parameter("sid") else {
            if let session = open(connection, head, uid) { expire(session, in: expiresIn) }
            return
        }
        guard let session = sessions[String(sid)] ?? named else {
            return connection.respond(.refusal(400, code: "unknown_session", message: "no session has that sid"))
        }
        guard session.owner == uid else { return connection.respond(.refusal(403, code: "forbidden", message: "the session is another user's")) }
        expire(session, in: expiresIn)
        serve(session, connection, head, body)
    }

    /// A request of `session`'s, its caller's right to it settled.
    private func serve(_ session: EngineIOSession, _ connection: HubConnection, _ head: HTTPRequestHead, _ body: [UInt8] = []) {
        let polls = head.parameter("transport") == "polling"
        if session.isClosed {
            // A poll heard before the goodbye, its token answered after it: it ends as the held
            // polls did then. Any later one finds no session.
            if saidGoodbye, polls, head.method == "GET" { return endPoll(connection) }
            return connection.respond(.refusal(400, code: "unknown_session", message: "no session has that sid"))
        }
        if !polls { return probe(session, connection, head) }
        guard session.webSocket == nil else {
            return connection.respond(.refusal(400, code: "bad_request", message: "the session has moved to WebSocket"))
        }
        switch head.method {
        case "GET": poll(session, connection)
        case "POST": post(session, connection, body)
        default: connection.respond(.refusal(400, code: "bad_request", message: "a session's polls are GET and POST"))
        }
    }

    // MARK: - Opening

    /// A handshake without a token: a session that waits for its CONNECT's, if the client's
    /// address and the hub may have one more waiting.
    private func openWaiting(_ connection: HubConnection, _ head: HTTPRequestHead) {
        let address = Self.clientAddress(head)
        guard waitingByAddress[address, default: 0] < settings.maxWaitingForConnectPerAddress else {
            return connection.respond(
                .refusal(429, code: "too_many_connections", message: "too many sessions from one address wait for their CONNECT; try again"))
        }
        guard waitingCount < settings.maxWaitingForConnect else {
            return connection.respond(.refusal(503, code: "service_unavailable", message: "the service is busy; try again"))
        }
        connection.readBody { [weak self] _ in self?.open(connection, head, nil, waitingFrom: address) }
    }

    /// The client's address as lighttpd tells it (the last `X-Forwarded-For` entry, which its
    /// mod_proxy appends, behind a trusted proxy the client's); "" when none is given.
    private static func clientAddress(_ head: HTTPRequestHead) -> String {
        guard let forwarded = head.header("x-forwarded-for"), let last = forwarded.split(separator: ",").last else { return "" }
        return String(last).trimmingWhitespace
    }

    /// A new session for `uid` (nil: one that waits for its CONNECT's token, from `address`)
    /// over the transport the handshake asks for.
    @discardableResult
    private func open(_ connection: HubConnection, _ head: HTTPRequestHead, _ uid: String?, waitingFrom address: String = "") -> EngineIOSession? {
        let webSocket = head.parameter("transport") == "websocket"
        var accept = ""
        if webSocket {
            guard head.isWebSocketUpgrade, let key = head.header("sec-websocket-key").flatMap(WebSocketHandshake.accept) else {
                connection.respond(.refusal(400, code: "bad_request", message: "a WebSocket opens with an upgrade and its Sec-WebSocket-Key"))
                return nil
            }
            accept = key
        } else {
            guard head.method == "GET" else {
                connection.respond(.refusal(400, code: "bad_request", message: "a session opens with GET"))
                return nil
            }
        }
        let session = EngineIOSession(sid: Self.newID(), owner: uid)
        sessions[session.sid] = session
        if let uid {
            own(session, uid)
        } else {
            session.waitingAddress = address
            waitingByAddress[address, default: 0] += 1
            waitingCount += 1
            session.connectDeadline = loop.after(settings.connectTimeout) { [weak self, weak session] in
                guard let self, let session else { return }
                session.connectDeadline = nil
                close(session)
            }
        }
        schedulePing(session)
        guard webSocket else {
            connection.respond(HTTPResponse(status: 200, text: openPacket(session, upgrades: ["websocket"]).encoded))
            return session
        }
        connection.upgrade(accept: accept)
        attach(connection, to: session)
        connection.sendText(openPacket(session, upgrades: []).encoded)
        if saidGoodbye { goodbye(session) }
        return session
    }

    /// Ends `session` when the token that last proved its owner expires, telling it as REST
    /// would (401, `the idtoken has expired`): a WebSocket carries no header after its upgrade,
    /// so without this it would outlive its token. From the loop's timers, never a look.
    private func expire(_ session: EngineIOSession, in left: Duration?) {
        guard let left, !session.isClosed, !session.isEnding else { return }
        if let timer = session.expiryTimer { loop.cancel(timer) }
        session.expiryTimer = loop.after(left) { [weak self, weak session] in
            guard let self, let session else { return }
            session.expiryTimer = nil
            end(session, because: Self.expired)
        }
    }

    /// `session` is `uid`'s from now on: among their sessions (the oldest ended beyond
    /// `sessionsPerUser`), no longer waiting for a token.
    private func own(_ session: EngineIOSession, _ uid: String) {
        stopWaiting(session)
        session.owner = uid
        sessionsByUser[uid, default: []].append(session)
        if let oldest = sessionsByUser[uid], oldest.count > Self.sessionsPerUser { end(oldest[0], because: Self.evicted) }
    }

    /// `session` no longer counts among its owner's sessions, nor among those ending.
    private func leaveItsUser(_ session: EngineIOSession) {
        guard let owner = session.owner else { return }
        Self.remove(session, of: owner, from: &sessionsByUser)
        Self.remove(session, of: owner, from: &endingByUser)
    }

    private static func remove(_ session: EngineIOSession, of owner: String, from lists: inout [String: [EngineIOSession]]) {
        lists[owner]?.removeAll { $0 === session }
        if lists[owner]?.isEmpty == true { lists[owner] = nil }
    }

    /// `session` no longer counts as waiting for its CONNECT's token.
    private func stopWaiting(_ session: EngineIOSession) {
        if let deadline = session.connectDeadline {
            loop.cancel(deadline)
            session.connectDeadline = nil
        }
        guard let address = session.waitingAddress else { return }
        session.waitingAddress = nil
        waitingCount -= 1
        waitingByAddress[address, default: 1] -= 1
        if waitingByAddress[address] == 0 { waitingByAddress[address] = nil }
    }

    private func openPacket(_ session: EngineIOSession, upgrades: [String]) -> EngineIOPacket {
        .open(
            sid: session.sid, upgrades: upgrades, pingInterval: Self.milliseconds(settings.pingInterval),
            pingTimeout: Self.milliseconds(settings.pingTimeout), maxPayload: settings.maxPayload)
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }

    // MARK: - Transports

    private func poll(_ session: EngineIOSession, _ connection: HubConnection) {
        guard session.heldPoll == nil else {
            connection.respond(.refusal(400, code: "bad_request", message: "the session already has a poll waiting"))
            return close(session)
        }
        guard session.waiting.isEmpty else { return flushPolling(session, to: connection) }
        session.heldPoll = connection
        connection.onClose = { [weak session] closed in
            if session?.heldPoll === closed { session?.heldPoll = nil }
        }
        if session.isUpgrading {
            // The client should wait for `5` instead (the apps do); held a while, not answered at
            // once, it cannot make a loop of polls. Held on if the probe ends first.
            loop.after(settings.noopWhileUpgrading) { [weak self, weak session, weak connection] in
                guard let self, let session, let connection, session.isUpgrading, session.heldPoll === connection else { return }
                session.heldPoll = nil
                endPoll(connection)
            }
        }
        if saidGoodbye { goodbye(session) }
    }

    private func post(_ session: EngineIOSession, _ connection: HubConnection, _ body: [UInt8]) {
        guard let text = String(validating: body, as: UTF8.self), let packets = EngineIOPacket.packets(inPayload: text) else {
            connection.respond(.refusal(400, code: "bad_request", message: "the body is not Engine.IO packets"))
            return close(session)
        }
        connection.respond(HTTPResponse(status: 200, text: "ok"))
        // A session told why it ends hears nothing more (a CONNECT would bring its socket back).
        for packet in packets where !session.isClosed && !session.isEnding { receive(packet, from: session) }
    }

    /// A WebSocket opened with the session's id: it takes over once the client says so.
    private func probe(_ session: EngineIOSession, _ connection: HubConnection, _ head: HTTPRequestHead) {
        guard session.webSocket == nil, session.probe == nil, head.isWebSocketUpgrade,
              let accept = head.header("sec-websocket-key").flatMap(WebSocketHandshake.accept) else {
            return connection.respond(.refusal(400, code: "bad_request", message: "the session cannot take this WebSocket"))
        }
        connection.upgrade(accept: accept)
        session.probe = connection
        connection.onClose = { [weak self, weak session] closed in
            guard let self, let session, session.probe === closed else { return }
            stopProbing(session)
        }
        if saidGoodbye { return goodbye(session) }
        // As engine.io's `upgradeTimeout`, from the WebSocket's opening: a probe left without
        // `5` is closed with no packet (the session is not its to end) and polling goes on.
        session.upgradeDeadline = loop.after(settings.upgradeTimeout) { [weak self, weak session, weak connection] in
            guard let self, let session, let connection, session.probe === connection else { return }
            stopProbing(session)
            connection.closeWebSocket(.normal, reason: "the upgrade did not complete in time")
        }
        connection.onMessage = { [weak self, weak session] connection, message in
            guard let self, let session, session.probe === connection else { return }
            switch message {
            case .text("2probe"):
                connection.sendText("3probe")
                // The client sends `upgrade` once its poll has ended (socket.io-client-swift's
                // fast upgrade, engine.io-client's pause): the poll held ends now with a noop, as
                // engine.io's server ends it, not at the next packet or ping.
                session.isUpgrading = true
                if let poll = session.heldPoll {
                    session.heldPoll = nil
                    endPoll(poll)
                }
            case .text("5"):
                stopProbing(session)
                attach(connection, to: session)
                // A poll held still (a client that upgrades without waiting) ends with a noop too.
                if let poll = session.heldPoll {
                    session.heldPoll = nil
                    endPoll(poll)
                }
                for packet in session.waiting { connection.sendText(packet.encoded) }
                session.waiting = []
            default:
                connection.closeWebSocket(.policyViolation, reason: "expected the probe or the upgrade")
            }
        }
    }

    /// `session` has no probe any more, nor a deadline for one: its polls are held again.
    private func stopProbing(_ session: EngineIOSession) {
        if let deadline = session.upgradeDeadline { loop.cancel(deadline) }
        session.upgradeDeadline = nil
        session.probe = nil
        session.isUpgrading = false
    }

    /// `connection` carries `session` from now on.
    private func attach(_ connection: HubConnection, to session: EngineIOSession) {
        session.webSocket = connection
        connection.onClose = { [weak self, weak session] closed in
            if let self, let session, session.webSocket === closed { close(session) }
        }
        connection.onMessage = { [weak self, weak session] connection, message in
            guard let self, let session else { return }
            switch message {
            case .text(let text):
                guard let packet = EngineIOPacket(decoding: Substring(text)) else {
                    return connection.closeWebSocket(.policyViolation, reason: "not an Engine.IO packet")
                }
                receive(packet, from: session)
            case .binary:
                connection.closeWebSocket(.unsupportedData, reason: "binary data")
            default:
                break
            }
        }
    }

    private func send(_ packet: EngineIOPacket, to session: EngineIOSession) {
        guard !session.isClosed else { return }
        if let webSocket = session.webSocket { return webSocket.sendText(packet.encoded) }
        session.waiting.append(packet)
        guard session.waiting.count <= settings.maxWaitingPackets else { return close(session) }
        if let poll = session.heldPoll {
            session.heldPoll = nil
            flushPolling(session, to: poll)
        }
    }

    /// Answers a poll with a noop: it ends with nothing to say.
    private func endPoll(_ poll: HubConnection) {
        poll.respond(HTTPResponse(status: 200, text: EngineIOPacket(.noop).encoded))
    }

    private func flushPolling(_ session: EngineIOSession, to poll: HubConnection) {
        poll.respond(HTTPResponse(status: 200, text: EngineIOPacket.payload(session.waiting)))
        session.waiting = []
        if session.isEnding { close(session) }
    }

    // MARK: - Packets

    private func receive(_ packet: EngineIOPacket, from session: EngineIOSession) {
        switch packet.kind {
        case .pong:
            if let deadline = session.pongDeadline {
                loop.cancel(deadline)
                session.pongDeadline = nil
                schedulePing(session)
            }
        case .message:
            socketIO(packet.data, from: session)
        case .close:
            close(session)
        case .open, .ping, .upgrade, .noop:
            break
        }
    }

    private func schedulePing(_ session: EngineIOSession) {
        session.pingTimer = loop.after(settings.pingInterval) { [weak self, weak session] in
            guard let self, let session, !session.isClosed else { return }
            session.pingTimer = nil
            send(EngineIOPacket(.ping), to: session)
            session.pongDeadline = loop.after(settings.pingTimeout) { [weak self, weak session] in
                if let self, let session { close(session) }
            }
        }
    }

    private func socketIO(_ text: String, from session: EngineIOSession) {
        guard let packet = SocketIOPacket(decoding: text) else { return close(session) }
        let reply = { (packet: SocketIOPacket) in self.send(EngineIOPacket(.message, packet.encoded), to: session) }
        guard packet.namespace == SocketIOPacket.defaultNamespace else {
            if packet.kind == .connect {
                reply(SocketIOPacket(.connectError, namespace: packet.namespace, data: #"{"message":"Invalid namespace"}"#))
            }
            return
        }
        switch packet.kind {
        case .connect where session.isConnecting:
            break
        case .connect where !session.byHeader:
            connectWithToken(session, packet)
        case .connect:
            // Only while its user may (still registered): asked again at every CONNECT.
            session.isConnecting = true
            gate.admit(session.owner ?? "") { caller in
                session.isConnecting = false
                guard !session.isClosed else { return }
                switch caller {
                case .user:
                    if session.socketID == nil { session.socketID = Self.newID() }
                    reply(SocketIOPacket(.connect, data: #"{"sid":"\#(session.socketID ?? "")"}"#))
                case .refused(let refusal):
                    session.socketID = nil
                    reply(SocketIOPacket(.connectError, data: refusal.connectError))
                }
            }
        case .disconnect:
            session.socketID = nil
        case .event:
            guard session.socketID != nil, let data = packet.data, let event = SocketIOEvent(data: data) else { return }
            // The apps announce their uid; only the token's own is theirs (some send a fixed one),
            // and either way the socket stays its owner's.
            if event.name == "changesocketid", let ack = packet.ackID {
                reply(SocketIOPacket(.ack, ackID: ack, data: session.owner.map { event.arguments.first == .string($0) } == true ? "[true]" : "[false]"))
            }
        default:
            break
        }
    }

    /// A CONNECT on a session opened without a header: its `auth`'s `idtoken` (checked by the
    /// gate, off the loop) must prove a registered user, the session's owner if it has one; the
    /// socket connects then. Any refusal is answered with CONNECT_ERROR (slp's error object as
    /// its data) and ends the session.
    private func connectWithToken(_ session: EngineIOSession, _ packet: SocketIOPacket) {
        let token: String? =
            if case .string(let text)? = packet.data.flatMap({ JSONReader.object(Array($0.utf8)) })?["idtoken"] { text } else { nil }
        guard let token, !token.isEmpty else {
            return refuseConnect(session, HubRefusal(401, code: "unauthorized", message: "no idtoken in the CONNECT's auth"))
        }
        session.isConnecting = true
        gate.identify(token) { [weak self, weak session] caller in
            session?.isConnecting = false
            guard let self, let session, !session.isClosed, !session.isEnding else { return }
            switch caller {
            case .refused(let refusal):
                refuseConnect(session, refusal)
            case .user(let uid, let expiresIn):
                if let owner = session.owner, owner != uid {
                    return refuseConnect(session, HubRefusal(403, code: "forbidden", message: "the session is another user's"))
                }
                if session.owner == nil { own(session, uid) }
                expire(session, in: expiresIn)
                if session.socketID == nil { session.socketID = Self.newID() }
                send(EngineIOPacket(.message, SocketIOPacket(.connect, data: #"{"sid":"\#(session.socketID ?? "")"}"#).encoded), to: session)
            }
        }
    }

    /// CONNECT_ERROR with `refusal`, then the session's end: at once over WebSocket, at the
    /// next poll over polling (`endAtNextPoll`).
    private func refuseConnect(_ session: EngineIOSession, _ refusal: HubRefusal) {
        session.socketID = nil
        let refused = EngineIOPacket(.message, SocketIOPacket(.connectError, data: refusal.connectError).encoded)
        if let webSocket = session.webSocket {
            webSocket.sendText(refused.encoded)
            return close(session)
        }
        session.waiting.append(refused)
        endAtNextPoll(session)
    }

    /// Ends `session` telling its client why, in packets every client reads: a connected socket
    /// gets the event `closing` with slp's error object, then DISCONNECT (so that no client
    /// reconnects by itself into the same end, as it would after a bare close); a session
    /// without a socket gets CONNECT_ERROR with it. Then the Engine.IO close: at once over
    /// WebSocket, at the next poll over polling (`endAtNextPoll`).
    private func end(_ session: EngineIOSession, because refusal: HubRefusal) {
        guard !session.isClosed, !session.isEnding else { return }
        let told = session.socketID == nil
            ? [SocketIOPacket(.connectError, data: refusal.connectError)]
            : [SocketIOPacket(.event, data: "[\"closing\",\(refusal.json)]"), SocketIOPacket(.disconnect)]
        session.socketID = nil
        let packets = told.map { EngineIOPacket(.message, $0.encoded) }
        if let webSocket = session.webSocket {
            for packet in packets { webSocket.sendText(packet.encoded) }
            return close(session)
        }
        // All in one answer: a poll that took only some would leave the rest unread.
        session.waiting += packets + [EngineIOPacket(.close)]
        endAtNextPoll(session)
    }

    /// The one way a polling session told why it ends goes (`isEnding`): its next poll takes
    /// what it was told, then it is closed; a poll held now is that poll. Until then it hears
    /// nothing more, counts no more among its user's, and is forgotten at its pong's deadline
    /// if that poll never comes (sooner: as the oldest of more than `sessionsPerUser` of its
    /// user's ending so, or at its CONNECT's deadline if it never proved its user).
    private func endAtNextPoll(_ session: EngineIOSession) {
        session.isEnding = true
        if let poll = session.heldPoll {
            session.heldPoll = nil
            return flushPolling(session, to: poll)
        }
        // One that never proved its user still counts against its address (and goes at its
        // CONNECT's deadline): a refused CONNECT frees no room for another.
        leaveItsUser(session)
        if let owner = session.owner {
            endingByUser[owner, default: []].append(session)
            if let ending = endingByUser[owner], ending.count > Self.sessionsPerUser { close(ending[0]) }
        }
        for timer in [session.pingTimer, session.pongDeadline, session.expiryTimer].compactMap({ $0 }) { loop.cancel(timer) }
        session.pingTimer = nil
        session.expiryTimer = nil
        session.pongDeadline = loop.after(settings.pingInterval + settings.pingTimeout) { [weak self, weak session] in
            if let self, let session { close(session) }
        }
    }

    /// Ends `session`: its transports are told and closed, its socket gets nothing more.
    private func close(_ session: EngineIOSession) {
        guard !session.isClosed else { return }
        session.isClosed = true
        sessions[session.sid] = nil
        stopWaiting(session)
        leaveItsUser(session)
        for timer in [session.pingTimer, session.pongDeadline, session.expiryTimer, session.upgradeDeadline].compactMap({ $0 }) { loop.cancel(timer) }
        if let poll = session.heldPoll {
            session.heldPoll = nil
            poll.respond(HTTPResponse(status: 200, text: EngineIOPacket(.close).encoded))
        }
        for webSocket in [session.webSocket, session.probe].compactMap({ $0 }) {
            webSocket.sendText(EngineIOPacket(.close).encoded)
            webSocket.closeWebSocket(.normal)
        }
        session.webSocket = nil
        session.probe = nil
    }

    /// A session or socket id: 120 random bits, base64url.
    private static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        return String(decoding: (0..<20).map { _ in alphabet[Int(generator.next() % 64)] }, as: UTF8.self)
    }
}
