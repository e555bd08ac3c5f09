/// Frames as a server sends them (RFC 6455 §5.2): whole (FIN set), unmasked, the length in its
/// shortest form.
package enum WebSocketFrameWriter {
    package static func frame(_ opcode: WebSocketOpcode, _ payload: some Collection<UInt8>) -> [UInt8] {
        var frame: [UInt8] = [0x80 | opcode.rawValue]
        frame.reserveCapacity(payload.count + 10)
        switch payload.count {
        case ..<126:
            frame.append(UInt8(payload.count))
        case ..<65_536:
            frame.append(126)
            frame.append(UInt8(payload.count >> 8))
            frame.append(UInt8(payload.count & 0xFF))
        default:
            frame.append(127)
            for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8(UInt64(payload.count) >> UInt64(shift) & 0xFF)) }
        }
        frame.append(contentsOf: payload)
        return frame
    }

    package static func text(_ text: String) -> [UInt8] {
        frame(.text, text.utf8)
    }

    /// A close frame with `code` and a reason cut to what a control frame holds.
    package static func close(_ code: WebSocketCloseCode, reason: String = "") -> [UInt8] {
        var payload = [UInt8(code.rawValue >> 8), UInt8(code.rawValue & 0xFF)]
        var reasonBytes = Array(reason.utf8.prefix(123))
        // Cut at a character boundary: a continuation byte is never left at the end.
        while !reasonBytes.isEmpty, String(validating: reasonBytes, as: UTF8.self) == nil { reasonBytes.removeLast() }
        payload += reasonBytes
        return frame(.close, payload)
    }
}
