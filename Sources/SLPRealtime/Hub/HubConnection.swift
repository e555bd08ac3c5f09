#if canImport(Glibc)
import Glibc
#endif

/// One connection lighttpd opened to the hub: a request read as its bytes come, its head heard
/// as soon as it is in (so that a request is refused before its body comes, lighttpd streaming
/// bodies on as they arrive), then an answer (at once or held), or a WebSocket after an upgrade.
/// What it holds is bounded: one request head and body, one WebSocket message, and
/// `maxQueuedBytes` of WebSocket output the client has not read (beyond that the client is too
/// slow and the connection is closed). An answer is the last thing a connection writes and is
/// written whole, however long the client takes to read it: its size is the hub's own (a page
/// of events, a poll's bounded packets); what the client still sends meanwhile is dropped.
///
/// The loop owns the connection from `init` to `close` (its handler holds it), so it lives
/// while any of its handlers runs; the loop, which outlives every connection, is held unowned.
package final class HubConnection {
    package let descriptor: Int32
    private unowned let loop: EventLoop
    private let settings: HubSettings
    private var requests: HTTPRequestReader
    private var frames: WebSocketReader?
    private var output: [UInt8] = []
    private var written = 0
    private var closesWhenWritten = false
    private var watchingWritable = false
    package private(set) var isClosed = false
    /// The server's own note that the connection ended, whatever handler holds it.
    private let ended: (Int32) -> Void

    /// Whether the head of the connection's one request has been heard.
    private var headHeard = false
    /// The request's body, once all of it has come.
    private var body: [UInt8]?
    /// Hears the body once it has all come, if asked for (`readBody`).
    private var bodyWanted: (([UInt8]) -> Void)?

    /// Hears the head of the request the connection carries, as soon as it is in: it answers,
    /// or asks for the body (`readBody`), or upgrades.
    package var onHead: ((HubConnection, HTTPRequestHead) -> Void)?
    /// Hears each WebSocket message after an upgrade (pings are answered here).
    package var onMessage: ((HubConnection, WebSocketMessage) -> Void)?
    /// Hears the connection end, once.
    package var onClose: ((HubConnection) -> Void)?

    package init(
        descriptor: Int32, loop: EventLoop, settings: HubSettings, ended: @escaping (Int32) -> Void = { _ in }
    ) throws(SystemCallError) {
        self.descriptor = descriptor
        self.loop = loop
        self.settings = settings
        self.ended = ended
        requests = HTTPRequestReader(maxHeadBytes: settings.maxHeadBytes, maxBodyBytes: settings.maxPayload)
        // Held strongly: the loop keeps the connection until `close` forgets its descriptor.
        try loop.watch(descriptor) { readiness in
            if readiness.writable { self.flush() }
            if !self.isClosed, readiness.readable || readiness.hangUp { self.readAvailable() }
        }
    }

    /// Answers the request (once) and closes once the answer is written, all of it.
    package func respond(_ response: HTTPResponse) {
        guard !isClosed, !closesWhenWritten else { return }
        closesWhenWritten = true
        output += response.bytes
        flush()
    }

    /// Calls `then` with the request's body once it has all come (at once if it has).
    package func readBody(_ then: @escaping ([UInt8]) -> Void) {
        guard !isClosed, !closesWhenWritten else { return }
        if let body { return then(body) }
        bodyWanted = then
    }

    /// Switches to WebSocket (the request asked to, with `Sec-WebSocket-Key`): the 101 answer,
    /// then frames, the first of which may already have come.
    package func upgrade(accept: String) {
        send(Array(WebSocketHandshake.switchingProtocols(accept: accept).utf8))
        frames = WebSocketReader(maxMessageBytes: settings.maxPayload)
        let early = requests.takeRest()
        if !early.isEmpty { receive(early) }
    }

    /// A text message to the client (WebSocket).
    package func sendText(_ text: String) {
        send(WebSocketFrameWriter.text(text))
    }

    /// Closes a WebSocket with `code`, once the frames before it are written.
    package func closeWebSocket(_ code: WebSocketCloseCode, reason: String = "") {
        guard !isClosed else { return }
        closesWhenWritten = true
        send(WebSocketFrameWriter.close(code, reason: reason))
    }

    /// Ends the connection now, whatever is unwritten.
    package func close() {
        guard !isClosed else { return }
        isClosed = true
        loop.forget(descriptor)
        Glibc.close(descriptor)
        let onClose = self.onClose
        self.onHead = nil
        self.bodyWanted = nil
        self.onMessage = nil
        self.onClose = nil
        onClose?(self)
        ended(descriptor)
    }

    /// Reads one readiness event takes at most: a client sending without pause gets its turn
    /// again on the loop's next round (epoll is level-triggered) instead of keeping it.
    private static let readsPerTurn = 16

    private func readAvailable() {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 65_536) { buffer in
            for _ in 0..<Self.readsPerTurn where !isClosed {
                let count = read(descriptor, buffer.baseAddress, buffer.count)
                if count > 0 {
                    receive(UnsafeBufferPointer(rebasing: buffer[..<count]))
                } else if count < 0, errno == EINTR {
                    continue
                } else if count < 0, errno == EAGAIN {
                    return
                } else {
                    // The client (lighttpd) hung up, or the connection failed.
                    close()
                }
            }
        }
    }

    private func receive(_ bytes: some Collection<UInt8>) {
        guard frames == nil else { return receiveFrames(bytes) }
        // Answered (or refused): what the client still sends is dropped until the answer is out.
        guard !closesWhenWritten else { return }
        requests.append(bytes)
        do {
            // One request per connection: lighttpd opens one for each. Bytes after it are kept
            // for an upgrade's first frames.
            if !headHeard {
                guard let head = try requests.readHead() else { return }
                headHeard = true
                let heard = onHead
                onHead = nil
                heard?(self, head)
            }
            guard !isClosed, !closesWhenWritten, frames == nil else { return }
            if body == nil { body = try requests.readBody() }
            if let body, let wanted = bodyWanted {
                bodyWanted = nil
                wanted(body)
            }
            guard !isClosed, !closesWhenWritten, frames == nil else { return }
            // Before its answer a connection holds one request's bytes at most.
            if requests.bufferedBytes > settings.maxHeadBytes + settings.maxPayload {
                respond(.refusal(413, code: "request_too_large", message: "the connection sent more than one request before its answer"))
            }
        } catch {
            respond(HTTPResponse(error))
        }
    }

    private func receiveFrames(_ bytes: some Collection<UInt8>) {
        guard !closesWhenWritten else { return }
        frames?.append(bytes)
        do {
            while !isClosed, !closesWhenWritten, let message = try frames?.next() {
                switch message {
                case .ping(let payload): send(WebSocketFrameWriter.frame(.pong, payload))
                case .close: closeWebSocket(.normal)
                default: onMessage?(self, message)
                }
            }
        } catch {
            closeWebSocket(error.code, reason: error.reason)
        }
    }

    /// Queues WebSocket output (or the upgrade's answer): a client that leaves more than
    /// `maxQueuedBytes` unread is too slow and is closed.
    private func send(_ bytes: [UInt8]) {
        guard !isClosed else { return }
        guard output.count - written + bytes.count <= settings.maxQueuedBytes else { return close() }
        output += bytes
        flush()
    }

    private func flush() {
        while written < output.count {
            // A peer that has gone (lighttpd closing a refused stream) is an error here, never SIGPIPE.
            let count = output.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + written, $0.count - written, Int32(MSG_NOSIGNAL)) }
            if count > 0 {
                written += count
            } else if count < 0, errno == EINTR {
                continue
            } else if count < 0, errno == EAGAIN {
                if !watchingWritable {
                    watchingWritable = true
                    loop.setWritable(descriptor, true)
                }
                return
            } else {
                return close()
            }
        }
        output.removeAll(keepingCapacity: false)
        written = 0
        if watchingWritable {
            watchingWritable = false
            loop.setWritable(descriptor, false)
        }
        if closesWhenWritten { close() }
    }
}
