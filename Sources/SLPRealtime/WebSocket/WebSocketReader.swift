/// Reads a client's WebSocket bytes as they arrive (RFC 6455 §5): each frame checked as the
/// protocol asks of a server, fragments joined into messages, text checked as UTF-8. A frame or
/// message longer than `maxMessageBytes` is refused by its header, before its bytes are kept, so
/// what one connection holds is bounded by one message, a header and what one read brings.
package struct WebSocketReader: Sendable {
    /// The longest message (all its fragments) a client may send.
    package let maxMessageBytes: Int
    private var buffer: [UInt8] = []
    /// Bytes of `buffer` before this are read.
    private var start = 0
    /// The kind and bytes so far of a message whose last fragment has not come.
    private var open: (opcode: WebSocketOpcode, bytes: [UInt8])?

    package init(maxMessageBytes: Int) {
        self.maxMessageBytes = maxMessageBytes
    }

    /// Bytes received and not yet read as a frame.
    package var bufferedBytes: Int { buffer.count - start }

    /// Bytes as they came from the connection.
    package mutating func append(_ bytes: some Collection<UInt8>) {
        if start > 0, start * 2 >= buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole message or control frame; nil until its bytes have come. After a failure
    /// the connection is to be closed with its code: nothing more is read.
    package mutating func next() throws(WebSocketFailure) -> WebSocketMessage? {
        while let frame = try nextFrame() {
            if let message = try take(frame) { return message }
        }
        return nil
    }

    private struct Frame {
        let fin: Bool
        let opcode: WebSocketOpcode
        let payload: [UInt8]
    }

    /// The next frame, checked and unmasked, once all of it is here.
    private mutating func nextFrame() throws(WebSocketFailure) -> Frame? {
        let available = buffer.count - start
        guard available >= 2 else { return nil }
        let first = buffer[start], second = buffer[start + 1]
        guard first & 0x70 == 0 else { throw WebSocketFailure(.protocolError, "reserved bits set (no extension was agreed)") }
        guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else {
            throw WebSocketFailure(.protocolError, "reserved opcode \(first & 0x0F)")
        }
        let fin = first & 0x80 != 0
        guard second & 0x80 != 0 else { throw WebSocketFailure(.protocolError, "a client's frame must be masked") }
        if opcode.isControl {
            guard fin else { throw WebSocketFailure(.protocolError, "a fragmented control frame") }
            guard second & 0x7F <= 125 else { throw WebSocketFailure(.protocolError, "a control frame over 125 bytes") }
        }
        let lengthBytes = switch second & 0x7F { case 126: 2; case 127: 8; default: 0 }
        let headerBytes = 2 + lengthBytes + 4
        guard available >= headerBytes else { return nil }
        var length = UInt64(second & 0x7F)
        if lengthBytes > 0 {
            length = 0
            for index in 0..<lengthBytes { length = length << 8 | UInt64(buffer[start + 2 + index]) }
            let shortest: UInt64 = lengthBytes == 2 ? 126 : 65_536
            guard length >= shortest else { throw WebSocketFailure(.protocolError, "a length not in its shortest form") }
            guard length >> 63 == 0 else { throw WebSocketFailure(.protocolError, "a length with its top bit set") }
        }
        let held = opcode.isControl ? 0 : open?.bytes.count ?? 0
        guard length <= UInt64(maxMessageBytes - held) else {
            throw WebSocketFailure(.messageTooBig, "a message over \(maxMessageBytes) bytes")
        }
        let size = Int(length)
        guard available >= headerBytes + size else { return nil }
        let mask = start + headerBytes - 4
        var payload = [UInt8](repeating: 0, count: size)
        for index in 0..<size {
            payload[index] = buffer[start + headerBytes + index] ^ buffer[mask + (index & 3)]
        }
        start += headerBytes + size
        return Frame(fin: fin, opcode: opcode, payload: payload)
    }

    /// What `frame` completes: a message, a control frame, or nothing yet (a fragment).
    private mutating func take(_ frame: Frame) throws(WebSocketFailure) -> WebSocketMessage? {
        switch frame.opcode {
        case .ping: return .ping(frame.payload)
        case .pong: return .pong(frame.payload)
        case .close: return try Self.close(frame.payload)
        case .continuation:
            guard var message = open else { throw WebSocketFailure(.protocolError, "a continuation with no message to continue") }
            message.bytes += frame.payload
            guard frame.fin else {
                open = message
                return nil
            }
            open = nil
            return try Self.message(message.opcode, message.bytes)
        case .text, .binary:
            guard open == nil else { throw WebSocketFailure(.protocolError, "a new message before the last one ended") }
            guard frame.fin else {
                open = (frame.opcode, frame.payload)
                return nil
            }
            return try Self.message(frame.opcode, frame.payload)
        }
    }

    private static func message(_ opcode: WebSocketOpcode, _ bytes: [UInt8]) throws(WebSocketFailure) -> WebSocketMessage {
        guard opcode == .text else { return .binary(bytes) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw WebSocketFailure(.invalidPayload, "text that is not UTF-8") }
        return .text(text)
    }

    private static func close(_ payload: [UInt8]) throws(WebSocketFailure) -> WebSocketMessage {
        guard !payload.isEmpty else { return .close(code: nil, reason: "") }
        guard payload.count >= 2 else { throw WebSocketFailure(.protocolError, "a close frame of one byte") }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        guard WebSocketCloseCode.isValidOnTheWire(code) else { throw WebSocketFailure(.protocolError, "close code \(code)") }
        guard let reason = String(validating: payload[2...], as: UTF8.self) else {
            throw WebSocketFailure(.invalidPayload, "a close reason that is not UTF-8")
        }
        return .close(code: code, reason: reason)
    }
}
