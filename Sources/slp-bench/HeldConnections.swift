import Foundation

/// Connections held open from one loopback address as an attacker holds them: each has sent the
/// start of a request and then one more byte of a header every `interval` seconds, within
/// lighttpd's read timeout (5 s), so none is ever dropped and none ever becomes a request.
final class HeldConnections: @unchecked Sendable {
    let count: Int
    private let sockets: [Int32]
    private let lock = NSLock()
    private var stopping = false
    private let done = DispatchSemaphore(value: 0)

    /// Seconds between the bytes of one connection.
    static let interval = 3.0

    init(count: Int, port: UInt16, from source: String) throws {
        self.count = count
        var sockets: [Int32] = []
        sockets.reserveCapacity(count)
        let head = Array("GET /v1/user HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8)
        do {
            for _ in 0..<count {
                let socket = try LoopbackSocket.connect(port: port, from: source)
                sockets.append(socket)
                guard Glibc.send(socket, head, head.count, Int32(MSG_NOSIGNAL)) == head.count else {
                    throw LoadFailure("a held connection took no bytes: \(String(cString: strerror(errno)))")
                }
            }
        } catch {
            sockets.forEach { Glibc.close($0) }
            throw error
        }
        self.sockets = sockets
        Thread { [self] in trickle() }.start()
    }

    /// One byte to each connection in turn, spread evenly over the interval.
    private func trickle() {
        defer { done.signal() }
        let steps = 30
        let perStep = (count + steps - 1) / steps
        var next = 0
        while !(lock.withLock { stopping }) {
            let started = Stopwatch.now()
            for _ in 0..<perStep where !sockets.isEmpty {
                var byte = UInt8(ascii: "a")
                _ = Glibc.send(sockets[next], &byte, 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                next = (next + 1) % sockets.count
            }
            let spent = Double(Stopwatch.now() - started) / 1e9
            usleep(UInt32(max(0, Self.interval / Double(steps) - spent) * 1e6))
        }
    }

    /// How many the server has not closed (a closed one reads its end at once).
    var stillOpen: Int {
        var polled = sockets.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        _ = poll(&polled, nfds_t(polled.count), 0)
        return polled.filter { $0.revents == 0 }.count
    }

    /// Stops the bytes and closes every connection.
    func close() {
        lock.withLock { stopping = true }
        done.wait()
        sockets.forEach { Glibc.close($0) }
    }
}
