import Foundation

/// Connections held open from one loopback address as an attacker holds them: each has sent the
/// start of a request and then one more byte of a header every `interval` seconds, within
/// lighttpd's read timeout (5 s), so none is ever dropped and none ever becomes a request.
final class HeldConnections: @unchecked Sendable {
    let count: Int
    private let lock = NSLock()
    /// The connections and when each was last sent a byte (the opening thread appends, the
    /// trickling one sends).
    private var sockets: [(descriptor: Int32, last: UInt64)] = []
    private var stopping = false
    private var longestNanos: UInt64 = 0
    private let done = DispatchSemaphore(value: 0)

    /// Seconds between the bytes of one connection.
    static let interval = 3.0

    init(count: Int, port: UInt16, from source: String) throws {
        self.count = count
        sockets.reserveCapacity(count)
        // Bytes go out from the first connection on: opening thousands takes seconds itself.
        Thread { [self] in trickle() }.start()
        let head = Array("GET /v1/user HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8)
        do {
            for _ in 0..<count {
                let socket = try LoopbackSocket.connect(port: port, from: source)
                lock.withLock { sockets.append((socket, Stopwatch.now())) }
                guard Glibc.send(socket, head, head.count, Int32(MSG_NOSIGNAL)) == head.count else {
                    throw LoadFailure("a held connection took no bytes: \(String(cString: strerror(errno)))")
                }
            }
        } catch {
            close()
            throw error
        }
    }

    /// Every tenth of a second, a byte to each connection whose last was `interval` ago.
    private func trickle() {
        defer { done.signal() }
        let due = UInt64(Self.interval * 1e9)
        while true {
            let stop = lock.withLock { () -> Bool in
                // Read under the lock: a connection appended meanwhile is never newer than now.
                let now = Stopwatch.now()
                for index in sockets.indices where now - sockets[index].last >= due {
                    var byte = UInt8(ascii: "a")
                    _ = Glibc.send(sockets[index].descriptor, &byte, 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                    longestNanos = max(longestNanos, now - sockets[index].last)
                    sockets[index].last = now
                }
                return stopping
            }
            if stop { return }
            usleep(100_000)
        }
    }

    /// The longest time one connection went without a byte (seconds): beyond lighttpd's read
    /// timeout, the benchmark's own machine was too busy to hold the connections.
    var longestSilence: Double { lock.withLock { Double(longestNanos) / 1e9 } }

    /// How many the server has not closed (a closed one reads its end at once).
    var stillOpen: Int {
        var polled = lock.withLock { sockets.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) } }
        _ = poll(&polled, nfds_t(polled.count), 0)
        return polled.filter { $0.revents == 0 }.count
    }

    /// Stops the bytes and closes every connection.
    func close() {
        lock.withLock { stopping = true }
        done.wait()
        lock.withLock { sockets.forEach { Glibc.close($0.descriptor) } }
    }
}
