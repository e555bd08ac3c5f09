import SLPSupport

/// Why the hub refuses a request or a socket, as every slp answer words a refusal: the HTTP
/// status and slp's code and message, written as slp's JSON error object
/// `{"error":{"code":…,"status":…,"message":…}}` (docs/API.md).
package struct HubRefusal: Sendable {
    package let status: Int
    package let code: String
    package let message: String
    /// Headers the answer carries besides (`Retry-After`).
    package var headers: [(String, String)]

    package init(_ status: Int, code: String, message: String, headers: [(String, String)] = []) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    /// slp's JSON error object.
    package var json: String {
        var writer = JSONWriter(capacity: 128)
        writer.beginObject()
        writer.key("error")
        writer.beginObject()
        writer.key("code")
        writer.string(code)
        writer.key("status")
        writer.int(status)
        writer.key("message")
        writer.string(message)
        writer.endObject()
        writer.endObject()
        return writer.text
    }

    /// The answer to a request. Engine.IO's own error object is not added: socket.io-client-swift
    /// reads no body of an answer other than 200.
    package var response: HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", body: Array((json + "\n").utf8), headers: headers)
    }

    /// Socket.IO's CONNECT_ERROR data: its `message`, and slp's error object as its `data`.
    package var connectError: String {
        var writer = JSONWriter(capacity: 64)
        writer.string(message)
        return #"{"message":"# + writer.text + #","data":"# + json + "}"
    }
}
