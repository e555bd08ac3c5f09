import SLPSupport

/// Reads the request a CGI program is run for: the variables the server sets, and the body on
/// standard input, which is read only up to `maxBody` bytes.
enum CGIRequestReader {
    /// SLP's requests are a few hundred bytes; anything over this is refused (501) unread.
    static let maxBody = 64 * 1024

    /// The request `variable` and `input` describe, or the answer that refuses it at once.
    static func read(variable: (String) -> String?, input: (Int) -> [UInt8]?) -> Result<CGIRequest, Failure> {
        let method = variable("REQUEST_METHOD") ?? ""
        guard !method.isEmpty, method.utf8.allSatisfy({ (0x41...0x5A).contains($0) }) else {
            return .failure(APIFailure.methodNotAllowed)
        }
        let length: Int
        switch variable("CONTENT_LENGTH") {
        case nil, "": length = 0
        case let text?:
            guard text.utf8.count <= 12, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int(text) else {
                return .failure(APIFailure.malformed("a Content-Length that is not a number"))
            }
            length = value
        }
        guard length <= maxBody else { return .failure(APIFailure.bodyTooLarge) }
        var body: [UInt8] = []
        while body.count < length {
            guard let chunk = input(length - body.count), !chunk.isEmpty else {
                return .failure(APIFailure.malformed("a body shorter than its Content-Length"))
            }
            body += chunk
        }
        return .success(CGIRequest(
            method: method, path: path(variable), query: variable("QUERY_STRING") ?? "",
            contentType: variable("CONTENT_TYPE").flatMap { $0.isEmpty ? nil : $0 }, body: body,
            idToken: variable("HTTP_IDTOKEN"), redirectStatus: variable("REDIRECT_STATUS").flatMap { Int($0) },
            requestURI: variable("REQUEST_URI")))
    }

    /// The path asked for. Servers split it into the script's name and what follows
    /// (lighttpd: `/v1` and `/user`; Apache's `ScriptAlias /v1`: the same; fcgiwrap: as nginx's
    /// configuration says); together they are the path, unless `PATH_INFO` is the whole of it.
    private static func path(_ variable: (String) -> String?) -> String {
        let pathInfo = variable("PATH_INFO") ?? ""
        if pathInfo == "/v1" || pathInfo.hasPrefix("/v1/") { return pathInfo }
        return (variable("SCRIPT_NAME") ?? "") + pathInfo
    }

    /// The process's own request: its environment and standard input.
    static func readProcessRequest() -> Result<CGIRequest, Failure> {
        read(variable: { EnvironmentVariables.value(of: $0) }, input: { FileDescriptorInput.read(from: 0, upTo: $0) })
    }
}
