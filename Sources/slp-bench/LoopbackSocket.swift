import Foundation

/// A TCP connection to 127.0.0.1:`port` from loopback address `source`: a server that limits
/// connections per address (`slp serve` allows 256) sees many clients.
enum LoopbackSocket {
    /// The descriptor; with `nonBlocking`, the connection may still be on its way (EINPROGRESS).
    static func connect(port: UInt16, from source: String, nonBlocking: Bool = false) throws -> Int32 {
        let flags = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0)
        let descriptor = socket(AF_INET, flags, 0)
        guard descriptor >= 0 else { throw LoadFailure("socket: \(String(cString: strerror(errno)))") }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(port.bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, connected == 0 || (nonBlocking && errno == EINPROGRESS) else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw LoadFailure("connect from \(source): \(reason)")
        }
        return descriptor
    }

    /// A non-blocking connection to the Unix socket at `path` (the hub's, past lighttpd).
    static func connect(unix path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { throw LoadFailure("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 || errno == EINPROGRESS || errno == EAGAIN else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw LoadFailure("connect to \(path): \(reason)")
        }
        return descriptor
    }
}
