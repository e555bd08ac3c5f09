/// A client's bytes that end its connection: the close code to send, and why (for the log).
package struct WebSocketFailure: Error, Equatable, Sendable {
    package let code: WebSocketCloseCode
    package let reason: String

    package init(_ code: WebSocketCloseCode, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}
