#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Bytes read from a non-blocking descriptor, given back as whole lines.
struct LineBuffer {
    let descriptor: Int32
    private var pending: [UInt8] = []
    /// The writers have all closed it.
    private(set) var isClosed = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The complete lines readable now (without their newlines).
    mutating func lines() -> [String] {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while !isClosed {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                pending += chunk[..<count]
            } else if count == 0 {
                isClosed = true
            } else if errno != EINTR {
                break
            }
        }
        var lines: [String] = []
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: pending[..<newline], as: UTF8.self))
            pending.removeSubrange(...newline)
        }
        if isClosed, !pending.isEmpty {
            lines.append(String(decoding: pending, as: UTF8.self))
            pending.removeAll()
        }
        return lines
    }
}
