#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The address `slp serve` listens on: checked before lighttpd starts (a port already taken is
/// one clear line, exit 74), then watched until lighttpd accepts connections on it.
struct ListeningAddress {
    let host: String
    let port: Int

    /// A host lighttpd's configuration can hold as it is: an IPv4 or IPv6 literal, or a name of
    /// letters, digits, dots and dashes.
    static func isValidHost(_ host: String) -> Bool {
        !host.isEmpty && host.utf8.count <= 253
            && host.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2E || byte == 0x2D || byte == 0x3A
            }
    }

    /// Why nothing can listen there now, or nil when something can.
    func unavailable() -> String? {
        withAddresses(passive: true) { info -> String? in
            let socket = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard socket >= 0 else { return "cannot open a socket: \(String(cString: strerror(errno)))" }
            defer { close(socket) }
            var on: Int32 = 1
            setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
            guard bind(socket, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
                return errno == EADDRINUSE
                    ? "port \(port) on \(host) is already in use"
                    : "cannot listen on \(host):\(port): \(String(cString: strerror(errno)))"
            }
            return nil
        } ?? "cannot resolve the host \(host)"
    }

    /// Whether a connection to the address is accepted now.
    func accepts() -> Bool {
        withAddresses(passive: false) { info -> Bool in
            let socket = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard socket >= 0 else { return false }
            defer { close(socket) }
            return connect(socket, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0
        } ?? false
    }

    /// `body` with the first address `host` and `port` resolve to; nil when they resolve to none.
    private func withAddresses<T>(passive: Bool, _ body: (UnsafeMutablePointer<addrinfo>) -> T) -> T? {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = passive ? AI_PASSIVE : 0
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else { return nil }
        defer { freeaddrinfo(found) }
        return body(first)
    }
}
