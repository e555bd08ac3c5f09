#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading from a file descriptor with read(2).
public enum FileDescriptorInput {
    /// The next bytes available, at most `limit`, waiting for some; nil at the end of input
    /// (or when it cannot be read). A read interrupted by a signal is tried again.
    public static func read(from descriptor: Int32, upTo limit: Int = 65_536) -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: limit)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { return Array(chunk[..<count]) }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }

    /// The bytes a non-blocking descriptor holds now, at most `limit`, without waiting.
    public static func readAvailable(from descriptor: Int32, upTo limit: Int = 16_384) -> AvailableInput {
        var chunk = [UInt8](repeating: 0, count: limit)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { return .bytes(Array(chunk[..<count])) }
            if count == 0 { return .end }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .nothing
            default: return .end
            }
        }
    }
}

/// read(2), named apart from `FileDescriptorInput.read`.
private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, bytes, count)
}
