#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A file of a few kilobytes that holds a secret or what vouches for one (a service account, a
/// TLS certificate or key), read whole and refused past a bound. What it says never names the
/// file's path or any of its bytes.
enum SmallFile {
    enum Failure: Error, Equatable {
        /// open(2) or read(2) failed, for the reason strerror(3) gives.
        case unreadable(String)
        case tooLarge
    }

    /// The bytes of the file at `path`, at most `limit` of them.
    static func contents(path: String, limit: Int) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(String(cString: strerror(errno)))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
            guard bytes.count <= limit else { throw .tooLarge }
        }
    }
}
