import Foundation
import SLPRealtime
import Synchronization

/// K Socket.IO clients over WebSocket alone, as socket.io-client-swift holds them for the SLP
/// apps: the `idtoken` header on the upgrade, CONNECT to the default namespace, pongs to the
/// server's pings, and every `chat` event noted with the time it arrived. All on one epoll loop
/// (SLPRealtime's) on a thread of its own; connections open a few hundred at a time, each from
/// one of many loopback addresses (a server allows one address only so many connections).
final class SocketClients: @unchecked Sendable {
    struct Person: Sendable {
        let uid: String
        /// What the `idtoken` header carries.
        let token: String
    }

    /// One `chat` event as a client received it.
    struct Arrival: Sendable {
        /// The index of the person whose socket it reached.
        let socket: Int
        let id: String
        let to: String
        let at: UInt64
    }

    /// One connection's state, on the loop's thread.
    private final class Connection {
        let index: Int
        let descriptor: Int32
        var input: [UInt8] = []
        var upgraded = false
        var connected = false

        init(index: Int, descriptor: Int32) {
            self.index = index
            self.descriptor = descriptor
        }
    }

    private let port: UInt16
    /// The hub's own Unix socket, when the clients go to it straight (past lighttpd).
    private let hubSocket: String?
    private let people: [Person]
    private let loop: EventLoop
    private let commands: LoopMailbox<Bool>
    private var connections: [Int32: Connection] = [:]
    private var next = 0
    private var pending = 0
    private var thread: Thread?
    /// Connections opening at once.
    private static let opening = 256
    /// Connections from one loopback address.
    private static let perAddress = 200

    let arrivals = Mutex<[Arrival]>([])
    let connectedCount = Mutex(0)
    let failures = Mutex<[String]>([])

    init(port: UInt16, hubSocket: String? = nil, people: [Person]) throws {
        self.port = port
        self.hubSocket = hubSocket
        self.people = people
        loop = try EventLoop()
        commands = try LoopMailbox()
        try loop.watch(commands) { [unowned self] _ in
            for connection in connections.values { close(connection.descriptor) }
            connections = [:]
            loop.stop()
        }
    }

    /// Opens every connection and keeps them until `stop`.
    func start() {
        let thread = Thread { [self] in
            openMore()
            try? loop.run()
        }
        thread.stackSize = 1 << 22
        self.thread = thread
        thread.start()
    }

    /// Waits until every socket is connected (or `seconds` pass); how many are.
    func waitUntilConnected(_ seconds: Double) -> Int {
        let deadline = Stopwatch.now() + UInt64(seconds * 1e9)
        while connectedCount.withLock({ $0 }) < people.count, Stopwatch.now() < deadline, failures.withLock({ $0.isEmpty }) { usleep(10_000) }
        return connectedCount.withLock { $0 }
    }

    func stop() {
        commands.post(true)
        while thread?.isFinished == false { usleep(1_000) }
    }

    private func openMore() {
        while pending < Self.opening, next < people.count {
            let index = next
            next += 1
            do {
                let descriptor = try open(index)
                connections[descriptor] = Connection(index: index, descriptor: descriptor)
                pending += 1
                try loop.watch(descriptor, writable: true) { [unowned self] readiness in handle(descriptor, readiness) }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
    }

    private func open(_ index: Int) throws -> Int32 {
        if let hubSocket { return try LoopbackSocket.connect(unix: hubSocket) }
        return try LoopbackSocket.connect(
            port: port, from: "127.0.\(1 + index / Self.perAddress / 250).\(2 + index / Self.perAddress % 250)", nonBlocking: true)
    }

    private func handle(_ descriptor: Int32, _ readiness: EventLoop.Readiness) {
        guard let connection = connections[descriptor] else { return }
        if readiness.writable, !connection.upgraded, connection.input.isEmpty {
            loop.setWritable(descriptor, false)
            let person = people[connection.index]
            send(connection, Array((
                "GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nidtoken: \(person.token)\r\n\r\n").utf8))
        }
        guard readiness.readable || readiness.hangUp else { return }
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let count = read(descriptor, &chunk, chunk.count)
        guard count > 0 else {
            if count < 0, errno == EAGAIN { return }
            fail(connection, "closed by the server")
            return
        }
        connection.input += chunk[..<count]
        if !connection.upgraded {
            guard let end = connection.input.firstRange(of: [13, 10, 13, 10]) else { return }
            guard connection.input.starts(with: Array("HTTP/1.1 101".utf8)) else {
                return fail(connection, String(decoding: connection.input.prefix(200), as: UTF8.self))
            }
            connection.upgraded = true
            connection.input.removeSubrange(..<end.upperBound)
        }
        while let text = takeFrame(connection) { receive(text, on: connection) }
    }

    /// The next whole text frame's text (other frames are skipped), as servers send them: unmasked.
    private func takeFrame(_ connection: Connection) -> String? {
        while connection.input.count >= 2 {
            let input = connection.input
            var length = Int(input[1] & 0x7F), offset = 2
            if length == 126 {
                guard input.count >= 4 else { return nil }
                (length, offset) = (Int(input[2]) << 8 | Int(input[3]), 4)
            } else if length == 127 {
                guard input.count >= 10 else { return nil }
                (length, offset) = (input[2..<10].reduce(0) { $0 << 8 | Int($1) }, 10)
            }
            guard input.count >= offset + length else { return nil }
            let opcode = input[0] & 0x0F
            let payload = Array(input[offset..<(offset + length)])
            connection.input.removeSubrange(..<(offset + length))
            if opcode == 0x1 { return String(decoding: payload, as: UTF8.self) }
        }
        return nil
    }

    private func receive(_ text: String, on connection: Connection) {
        if text.hasPrefix("0{") {
            sendText(connection, "40")
        } else if text.hasPrefix("40"), !connection.connected {
            connection.connected = true
            pending -= 1
            connectedCount.withLock { $0 += 1 }
            openMore()
        } else if text == "2" {
            sendText(connection, "3")
        } else if text.hasPrefix("42[\"chat\",") {
            let at = Stopwatch.now()
            let json = Data(text.utf8.dropFirst(10).dropLast())
            guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
                  let id = object["_id"] as? String, let to = object["to"] as? String else { return }
            arrivals.withLock { $0.append(Arrival(socket: connection.index, id: id, to: to, at: at)) }
        }
    }

    private func fail(_ connection: Connection, _ why: String) {
        failures.withLock { $0.append("socket \(connection.index): \(why)") }
        loop.forget(connection.descriptor)
        close(connection.descriptor)
        connections[connection.descriptor] = nil
    }

    /// A masked text frame, as clients send them.
    private func sendText(_ connection: Connection, _ text: String) {
        let key: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        let payload = Array(text.utf8)
        send(connection, [0x81, 0x80 | UInt8(payload.count)] + key + payload.enumerated().map { $0.element ^ key[$0.offset & 3] })
    }

    private func send(_ connection: Connection, _ bytes: [UInt8]) {
        let written = bytes.withUnsafeBytes { write(connection.descriptor, $0.baseAddress, $0.count) }
        if written != bytes.count { fail(connection, "a write did not go whole") }
    }
}
