import SLPRealtime
import XCTest

/// Whatever bytes a stranger sends, the readers answer with a message, a wait or a failure:
/// never a trap, and never more held than they allow.
final class RandomInputTests: XCTestCase {
    func testRandomFramesNeverTrapAndStayBounded() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var reader = WebSocketReader(maxMessageBytes: 256)
            // Mostly well-formed headers (a masked text or control frame), then random bytes.
            var bytes: [UInt8] = [[0x81, 0x01, 0x09, 0x88, 0x80, 0x00].randomElement(using: &generator)!,
                                  UInt8.random(in: 0x80...0xFF, using: &generator)]
            bytes += (0..<Int.random(in: 0...600, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var offset = 0
            reading: while offset < bytes.count {
                let end = min(bytes.count, offset + Int.random(in: 1...64, using: &generator))
                reader.append(bytes[offset..<end])
                offset = end
                do {
                    while try reader.next() != nil {}
                } catch {
                    break reading
                }
                XCTAssertLessThanOrEqual(reader.bufferedBytes, 256 + 14 + 64)
            }
        }
    }

    func testRandomRequestsAndPacketsNeverTrap() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("GET POST /socket.io/?EIO=4&sid=\r\n:Content-Length: 12 0123456789[]{}\",/#".utf8) + [0x00, 0xC3, 0xFF, 0x1E]
        for _ in 0..<5_000 {
            let bytes = (0..<Int.random(in: 0...120, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            var reader = HTTPRequestReader(maxHeadBytes: 64, maxBodyBytes: 16)
            reader.append(bytes)
            _ = try? reader.next()
            let text = String(decoding: bytes, as: UTF8.self)
            _ = EngineIOPacket.packets(inPayload: text)
            _ = SocketIOPacket(decoding: text)
            _ = SocketIOEvent(data: text)
        }
    }
}
