import Foundation

/// Connections from one address that send a request's headers one byte every `interval` seconds
/// (issue 49's attack): often enough that lighttpd's read timeout (5 s) never drops them, and
/// never the end of the headers, so no script of lighttpd's ever sees them. They are connected
/// without waiting (a server that holds all it can leaves the rest pending), and a thread sends
/// each open one its next byte when it is due.
final class SlowHeaders: @unchecked Sendable {
    /// Where a connection stands, as its client sees it.
    enum State {
        /// Still connecting: the server's side has not completed the handshake.
        case pending
        /// Connected, and nothing came back.
        case open
        /// Refused, reset, or closed by the server.
        case ended
    }

    private struct Connection {
        let descriptor: Int32
        var sent = 0
        var last: UInt64 = 0
    }

    private let lock = NSLock()
    private var connections: [Connection] = []
    private var stopping = false
    private let stopped = DispatchSemaphore(value: 0)
    private let interval: Double

    /// What each connection sends, a byte at a time; then `a`s, a header that never ends.
    private static let head = Array("GET /v1/user HTTP/1.1\r\nHost: slp\r\nX-Slow: ".utf8)

    init(count: Int, port: Int, from source: String, interval: Double = 3) throws {
        self.interval = interval
        try SlowHeaders.allowDescriptors(count + 256)
        do {
            for _ in 0..<count { connections.append(Connection(descriptor: try SlowHeaders.connect(port: port, from: source))) }
        } catch {
            connections.forEach { Foundation.close($0.descriptor) }
            throw error
        }
        Thread { [self] in trickle() }.start()
    }

    deinit { close() }

    /// How many are `state` now.
    func count(_ state: State) -> Int {
        states().filter { $0 == state }.count
    }

    /// The fewest bytes any open connection has sent (0 when none is open).
    var leastSent: Int {
        let states = states()
        return lock.withLock { connections.indices.filter { states[$0] == .open }.map { connections[$0].sent }.min() ?? 0 }
    }

    /// Waits until `condition` holds or `seconds` pass (a deadline that costs time only when the
    /// test fails); whether it held.
    func waitUntil(_ seconds: Double = SLPBinary.patience, _ condition: (SlowHeaders) -> Bool) -> Bool {
        Polling.until(seconds, every: 0.05) { condition(self) }
    }

    /// Stops the bytes and closes every connection.
    func close() {
        let running = lock.withLock { () -> Bool in
            defer { stopping = true }
            return !stopping
        }
        guard running else { return }
        stopped.wait()
        lock.withLock {
            connections.forEach { Foundation.close($0.descriptor) }
            connections = []
        }
    }

    private func states() -> [State] {
        var polled = lock.withLock { connections.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN | POLLOUT), revents: 0) } }
        _ = poll(&polled, nfds_t(polled.count), 0)
        return polled.map { entry in
            if entry.revents & Int16(POLLIN | POLLERR | POLLHUP) != 0 { return .ended }
            return entry.revents & Int16(POLLOUT) != 0 ? .open : .pending
        }
    }

    /// Every tenth of a second, the next byte to each open connection whose last was `interval` ago.
    private func trickle() {
        defer { stopped.signal() }
        let due = UInt64(interval * 1e9)
        while true {
            let states = states()
            let now = DispatchTime.now().uptimeNanoseconds
            let stop = lock.withLock { () -> Bool in
                for index in connections.indices where states[index] == .open && (connections[index].sent == 0 || now - connections[index].last >= due) {
                    var byte = connections[index].sent < Self.head.count ? Self.head[connections[index].sent] : UInt8(ascii: "a")
                    if send(connections[index].descriptor, &byte, 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) == 1 {
                        connections[index].sent += 1
                        connections[index].last = now
                    }
                }
                return stopping
            }
            if stop { return }
            usleep(100_000)
        }
    }

    /// A non-blocking connection to 127.0.0.1:`port` from `source`, on its way.
    private static func connect(port: Int, from source: String) throws -> Int32 {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw HTTPTestError("socket: \(errno)") }
        var local = sockaddr_in(), address = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        // Refused at once (a firewall's reset) counts as an ended connection, not as an error.
        guard bound == 0, connected == 0 || errno == EINPROGRESS || errno == ECONNREFUSED else {
            let error = errno
            Foundation.close(socket)
            throw HTTPTestError("connect from \(source) to port \(port): \(error)")
        }
        return socket
    }

    /// Raises this process's descriptor limit to `count` if it is lower (up to the hard limit).
    private static func allowDescriptors(_ count: Int) throws {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { throw HTTPTestError("getrlimit: \(errno)") }
        guard limit.rlim_cur < rlim_t(count) else { return }
        guard limit.rlim_max >= rlim_t(count) else { throw HTTPTestError("the tests need \(count) descriptors; the hard limit is \(limit.rlim_max)") }
        limit.rlim_cur = rlim_t(count)
        guard setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { throw HTTPTestError("setrlimit: \(errno)") }
    }
}
