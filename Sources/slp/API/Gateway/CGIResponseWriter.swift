import SLPSupport

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

    /// Writes `response` whole to `descriptor`, a streamed document as it is rendered; the
    /// error (`errno`, 0 when nothing could be written) that stopped it, or nil.
    static func write(_ response: APIResponse, to descriptor: Int32, chunk: Int = 64 * 1024) -> Int32? {
        if let failure = FileDescriptorOutput.write(text(response), to: descriptor) { return failure }
        guard let document = response.document else { return nil }
        var failure: Int32?
        var writer = JSONWriter(chunk: chunk) { bytes in
            if failure == nil { failure = FileDescriptorOutput.write(bytes, to: descriptor) }
        }
        document.write(to: &writer)
        writer.flush()
        return failure
    }
}
