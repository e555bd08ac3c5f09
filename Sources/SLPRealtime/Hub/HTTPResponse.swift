/// An answer the hub writes on a connection lighttpd opened for one request: HTTP/1.1, its
/// length given, the connection closed after it.
package struct HTTPResponse: Sendable {
    package var status: Int
    package var contentType: String
    package var body: [UInt8]
    package var headers: [(String, String)] = []

    package init(status: Int, contentType: String = "text/plain; charset=UTF-8", body: [UInt8], headers: [(String, String)] = []) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }

    package init(status: Int, text: String) {
        self.init(status: status, body: Array(text.utf8))
    }

    /// A refusal the hub words itself (slp's JSON error object).
    package static func refusal(_ status: Int, code: String, message: String) -> HTTPResponse {
        HubRefusal(status, code: code, message: message).response
    }

    /// What a request the reader cannot read is answered.
    package init(_ failure: HTTPRequestReader.Failure) {
        self = .refusal(failure.status, code: failure.code, message: "the request has \(failure.reason)")
    }

    package var bytes: [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + body
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 411: "Length Required"
        case 413: "Payload Too Large"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
