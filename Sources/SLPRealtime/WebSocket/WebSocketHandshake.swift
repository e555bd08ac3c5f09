#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CCrypto

/// The opening handshake's server side (RFC 6455 §4.2): the accept value proving the server
/// read the client's key, and the answer that switches the connection to WebSocket.
package enum WebSocketHandshake {
    private static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// `Sec-WebSocket-Accept` for a client's `Sec-WebSocket-Key`: the base64 of the SHA-1 of the
    /// key and the protocol's GUID. Nil for a key that is not 16 bytes in base64.
    package static func accept(key: String) -> String? {
        guard let nonce = Data(base64Encoded: key), nonce.count == 16 else { return nil }
        let input = Array((key + guid).utf8)
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_Digest(input, input.count, &digest, &length, EVP_sha1(), nil) == 1, length == 20 else { return nil }
        return Data(digest.prefix(20)).base64EncodedString()
    }

    /// The head of the answer that switches to WebSocket, with no extension or subprotocol agreed
    /// (`permessage-deflate` is declined by leaving it out).
    package static func switchingProtocols(accept: String) -> String {
        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(accept)\r\n\r\n"
    }
}
