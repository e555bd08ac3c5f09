/// Why a WebSocket connection closes (RFC 6455 §7.4.1): the codes this server sends.
package enum WebSocketCloseCode: UInt16, Sendable {
    /// The purpose of the connection is fulfilled.
    case normal = 1000
    /// The server is going away (stopping) or the client's session ended.
    case goingAway = 1001
    /// A frame broke the protocol: unmasked, reserved bits or opcodes, a control frame too long
    /// or fragmented, a continuation out of place, a length not in its shortest form.
    case protocolError = 1002
    /// A kind of data the endpoint does not take (binary where only text is spoken).
    case unsupportedData = 1003
    /// Text that is not UTF-8, or a close reason that is not.
    case invalidPayload = 1007
    /// A message the endpoint's policy refuses (bad packets, no identity).
    case policyViolation = 1008
    /// A message longer than the endpoint takes.
    case messageTooBig = 1009
    /// The server failed on its side.
    case internalError = 1011

    /// Whether a peer may send `code` in a close frame (§7.4.1–7.4.2): the defined codes that
    /// are not reserved for local use, and the ranges for libraries and applications.
    package static func isValidOnTheWire(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1014: true
        case 3000...4999: true
        default: false
        }
    }
}
