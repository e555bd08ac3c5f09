#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP host and port, as getaddrinfo(3) resolves them (its first address).
public struct TCPAddress: Sendable, Equatable {
    public let host: String
    public let port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Why nothing can listen there now, or nil when something can (a socket bound and closed).
    public func listenProblem() -> String? {
        withFirstAddress(passive: true) { info -> String? in
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
    public func acceptsConnections() -> Bool {
        withFirstAddress(passive: false) { info -> Bool in
            let socket = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard socket >= 0 else { return false }
            defer { close(socket) }
            return connect(socket, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0
        } ?? false
    }

    /// `body` with the first address `host` and `port` resolve to; nil when they resolve to none.
    private func withFirstAddress<T>(passive: Bool, _ body: (UnsafeMutablePointer<addrinfo>) -> T) -> T? {
        var hints = addrinfo()
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        hints.ai_flags = passive ? AI_PASSIVE : 0
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else { return nil }
        defer { freeaddrinfo(found) }
        return body(first)
    }
}
