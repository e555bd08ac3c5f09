/// What a client sent, once its frames are whole: a data message, or a control frame.
package enum WebSocketMessage: Equatable, Sendable {
    case text(String)
    case binary([UInt8])
    case ping([UInt8])
    case pong([UInt8])
    /// The client closes: its code and reason, if it gave one.
    case close(code: UInt16?, reason: String)
}
