/// A Socket.IO 5 packet (socketio/socket.io-protocol, v5) as text:
/// `<type>[<namespace>,][<ack id>][<JSON data>]`, its data kept as the JSON text it is. Binary
/// packets (types 5 and 6), which the SLP apps never send, are not read.
package struct SocketIOPacket: Equatable, Sendable {
    package enum Kind: UInt8, Sendable {
        case connect = 0x30, disconnect, event, ack, connectError, binaryEvent, binaryAck
    }

    /// The namespace every SLP app uses.
    package static let defaultNamespace = "/"
    /// Longer acknowledgement ids are refused: clients count from 0.
    static let maxAckDigits = 9

    package var kind: Kind
    package var namespace: String
    package var ackID: Int?
    /// JSON text: an object for CONNECT and CONNECT_ERROR, an array for EVENT and ACK.
    package var data: String?

    package init(_ kind: Kind, namespace: String = SocketIOPacket.defaultNamespace, ackID: Int? = nil, data: String? = nil) {
        self.kind = kind
        self.namespace = namespace
        self.ackID = ackID
        self.data = data
    }

    package var encoded: String {
        var text = String(decoding: [kind.rawValue], as: UTF8.self)
        if namespace != SocketIOPacket.defaultNamespace { text += namespace + "," }
        if let ackID { text += String(ackID) }
        return text + (data ?? "")
    }

    /// The packet `text` holds; nil for an unknown or binary type, a namespace without its comma
    /// or an acknowledgement id too long.
    package init?(decoding text: String) {
        var rest = Substring(text)
        guard let first = rest.utf8.first, let kind = Kind(rawValue: first), kind != .binaryEvent, kind != .binaryAck else { return nil }
        rest = rest.dropFirst()
        var namespace = SocketIOPacket.defaultNamespace
        if rest.first == "/" {
            guard let comma = rest.firstIndex(of: ",") else {
                // A namespace alone ends the packet (`0/admin`), as the reference parser reads it.
                self.init(kind, namespace: String(rest))
                return
            }
            namespace = String(rest[..<comma])
            rest = rest[rest.index(after: comma)...]
        }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard digits.count <= SocketIOPacket.maxAckDigits else { return nil }
        rest = rest.dropFirst(digits.count)
        self.init(kind, namespace: namespace, ackID: digits.isEmpty ? nil : Int(digits), data: rest.isEmpty ? nil : String(rest))
    }
}
