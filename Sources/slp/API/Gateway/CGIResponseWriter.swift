/// An answer as a CGI program gives it to the server (RFC 3875 §6): a `Status:` line, the
/// headers, a blank line, the body.
enum CGIResponseWriter {
    /// The status line, the headers and the blank line, then the body's text; a streamed
    /// document (`APIResponse.document`) follows it.
    static func text(_ response: APIResponse) -> String {
        var text = "Status: \(response.status) \(HTTPStatus.reason(response.status))\r\n"
        text += "Content-Type: application/json; charset=utf-8\r\n"
        // Answers are about one person and may hold their data: no cache keeps them.
        text += "Cache-Control: no-store\r\n"
        for (name, value) in response.headers { text += "\(name): \(value)\r\n" }
        // A body known whole is sent with its length (a streamed one comes in HTTP chunks).
        if response.document == nil { text += "Content-Length: \(response.body.utf8.count)\r\n" }
        return text + "\r\n" + response.body
    }
}
