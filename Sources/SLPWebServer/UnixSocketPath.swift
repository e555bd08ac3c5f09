#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A Unix socket's path in the file system, as a client reaches it.
package struct UnixSocketPath: Sendable {
    let path: String

    package init(path: String) {
        self.path = path
    }

    /// Whether something accepts connections on the socket now.
    var acceptsConnections: Bool {
        guard let descriptor = socketTo(flags: 0, { connect($0, $1, $2) }) else { return false }
        close(descriptor)
        return true
    }

    /// Whether what listens answers the HTTP request `get` (a path) with 200 before `deadline`:
    /// connecting, writing and reading never block, so a listener that is stopped, frozen or
    /// gone costs at most the time left.
    package func answersOK(_ get: String, before deadline: ContinuousClock.Instant) -> Bool {
        guard let descriptor = connectedWithoutBlocking() else { return false }
        defer { close(descriptor) }
        let request = Array("GET \(get) HTTP/1.0\r\nHost: slp\r\n\r\n".utf8)
        // A Unix socket's connect is done or refused at once; its buffer takes these few bytes whole.
        guard request.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == request.count else { return false }
        let expected = Array("HTTP/1.1 200 ".utf8)
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while head.count < expected.count {
            let left = Int32(max(0, ((deadline - .now) / .milliseconds(1)).rounded(.up)))
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&watched, 1, left)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return false }
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { return false }
            head += buffer[..<count]
        }
        return Array(head.prefix(expected.count)) == expected
    }

    /// A new non-blocking socket connected to the path; nil if nothing accepts there. A Unix
    /// socket's connect is done or refused at once, even to a listener that is frozen.
    func connectedWithoutBlocking() -> Int32? {
        socketTo(flags: Int32(SOCK_NONBLOCK.rawValue)) { connect($0, $1, $2) }
    }

    /// A socket listening at the path (made anew), for a program started with it as its standard
    /// input, as lighttpd starts SCGI workers; nil if it cannot be made. Closed on exec.
    func listening(backlog: Int32) -> Int32? {
        unlink(path)
        guard let descriptor = socketTo(flags: 0, { bind($0, $1, $2) }) else { return nil }
        guard listen(descriptor, backlog) == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// A new socket (with `flags` such as SOCK_NONBLOCK) `step` connected or bound to the path;
    /// nil if either failed.
    private func socketTo(flags: Int32, _ step: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | flags, 0)
        guard descriptor >= 0 else { return nil }
        let done = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { step(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0 }
        }
        guard done else {
            close(descriptor)
            return nil
        }
        return descriptor
    }
}
