#if canImport(Glibc)
import Glibc
#endif

/// A listening Unix socket (lighttpd's `mod_proxy` connects to it), non-blocking: its
/// connections are taken as the loop says they are waiting.
package final class UnixListener {
    package let descriptor: Int32
    package let path: String

    /// Listens at `path`, replacing a socket a previous hub left there.
    package init(path: String, backlog: Int32 = 1_024) throws(SystemCallError) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { throw SystemCallError("bind", ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SystemCallError("socket", errno) }
        unlink(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(descriptor, backlog) == 0 else {
            let code = errno
            close(descriptor)
            throw SystemCallError(bound == 0 ? "listen" : "bind", code)
        }
        self.descriptor = descriptor
        self.path = path
    }

    deinit {
        close(descriptor)
    }

    /// The next waiting connection, non-blocking; nil when none waits (or the system is out of
    /// descriptors for now: the loop tries again when the listener is next readable).
    package func accept() -> Int32? {
        while true {
            let connection = Glibc.accept(descriptor, nil, nil)
            if connection >= 0 {
                // The loop never blocks on a connection, nor does a program slp starts inherit one.
                _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) | O_NONBLOCK)
                _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
                return connection
            }
            if errno == EINTR || errno == ECONNABORTED { continue }
            return nil
        }
    }
}
