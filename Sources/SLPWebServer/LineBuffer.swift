import SLPSupport

/// Bytes read from a non-blocking descriptor, given back as whole lines.
struct LineBuffer: Sendable {
    let descriptor: Int32
    private var pending: [UInt8] = []
    /// The writers have all closed it.
    private(set) var isClosed = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The complete lines readable now (without their newlines).
    mutating func lines() -> [String] {
        reading: while !isClosed {
            switch FileDescriptorInput.readAvailable(from: descriptor) {
            case .bytes(let bytes): pending += bytes
            case .end: isClosed = true
            case .nothing: break reading
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
