#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A Unix socket's path in the file system, as a client reaches it.
struct UnixSocketPath {
    let path: String

    /// Whether something accepts connections on the socket now.
    var acceptsConnections: Bool {
        guard let descriptor = socketTo({ connect($0, $1, $2) }) else { return false }
        close(descriptor)
        return true
    }

    /// A socket listening at the path (made anew), for a program started with it as its standard
    /// input, as lighttpd starts SCGI workers; nil if it cannot be made. Closed on exec.
    func listening(backlog: Int32) -> Int32? {
        unlink(path)
        guard let descriptor = socketTo({ bind($0, $1, $2) }) else { return nil }
        guard listen(descriptor, backlog) == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// A new socket `step` connected or bound to the path; nil if either failed.
    private func socketTo(_ step: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
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
