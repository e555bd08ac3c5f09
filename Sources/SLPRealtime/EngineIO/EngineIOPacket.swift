/// An Engine.IO 4 packet (socketio/engine.io-protocol, v4): its type and its text. Binary data,
/// which the SLP apps never send, is not a packet here: the hub ends a session that sends it.
package struct EngineIOPacket: Equatable, Sendable {
    package enum Kind: UInt8, Sendable {
        case open = 0x30, close, ping, pong, message, upgrade, noop
    }

    package var kind: Kind
    package var data: String

    package init(_ kind: Kind, _ data: String = "") {
        self.kind = kind
        self.data = data
    }

    /// Separates packets in an HTTP long-polling payload.
    package static let separator: UInt8 = 0x1E

    /// The type's digit, then the data.
    package var encoded: String { String(decoding: [kind.rawValue], as: UTF8.self) + data }

    /// The packet `text` holds; nil for an empty text, an unknown type or binary data (`b…`).
    package init?(decoding text: Substring) {
        guard let first = text.utf8.first, let kind = Kind(rawValue: first) else { return nil }
        self.init(kind, String(text.dropFirst()))
    }

    /// Packets as one long-polling payload, joined by the record separator.
    package static func payload(_ packets: [EngineIOPacket]) -> String {
        packets.map(\.encoded).joined(separator: "\u{1E}")
    }

    /// The packets of a long-polling payload; nil when any of them is not a packet.
    package static func packets(inPayload payload: String) -> [EngineIOPacket]? {
        var packets: [EngineIOPacket] = []
        for text in payload.split(separator: "\u{1E}", omittingEmptySubsequences: false) {
            guard let packet = EngineIOPacket(decoding: text) else { return nil }
            packets.append(packet)
        }
        return packets
    }

    /// The handshake's open packet: the session's id, the transports it may move to, the
    /// heartbeat (milliseconds) and the longest payload the server takes (bytes).
    package static func open(sid: String, upgrades: [String], pingInterval: Int, pingTimeout: Int, maxPayload: Int) -> EngineIOPacket {
        let list = upgrades.map { "\"\($0)\"" }.joined(separator: ",")
        return EngineIOPacket(.open, """
            {"sid":"\(sid)","upgrades":[\(list)],"pingInterval":\(pingInterval),"pingTimeout":\(pingTimeout),"maxPayload":\(maxPayload)}
            """)
    }
}
