/// What lighttpd answers by itself, before slp sees a request (a malformed request line, a POST
/// without a length, headers or a body too large, an unknown method, a worker gone), as slp's
/// JSON error object instead of lighttpd's HTML: one file per status, which lighttpd sends as
/// its error document (`server.errorfile-prefix`).
enum LighttpdErrorPages {
    /// The statuses lighttpd may answer with itself, each with slp's code and message for it.
    static let pages: [(status: Int, code: String, message: String)] = [
        (400, "bad_request", "the request is malformed"),
        (403, "forbidden", "the web server refused the request"),
        (404, "not_found", "no such path"),
        (405, "method_not_allowed", "this path does not take that method"),
        (408, "request_timeout", "the request came too slowly"),
        (411, "length_required", "a POST needs a Content-Length header (Content-Length: 0 for an empty form)"),
        (413, "request_too_large", "the request body is larger than \(LighttpdConfiguration.maxRequestKiB) KiB"),
        (414, "uri_too_long", "the request's path and query are too long"),
        (416, "range_not_satisfiable", "the range asked for is not in the answer"),
        (417, "expectation_failed", "the web server cannot meet the request's Expect header"),
        (421, "misdirected_request", "the request was sent to the wrong server"),
        (426, "upgrade_required", "the request needs another protocol"),
        (431, "headers_too_large", "the request's headers are too large"),
        (500, "internal_error", "internal error"),
        (501, "not_implemented", "the web server does not know that method"),
        (502, "bad_gateway", "slp did not answer the web server"),
        (503, "service_unavailable", "the service is busy; try again"),
        (504, "gateway_timeout", "slp did not answer the web server in time"),
        (505, "http_version_not_supported", "the web server does not speak that version of HTTP"),
    ]

    /// The error document for `status`: slp's JSON error object.
    static func document(status: Int, code: String, message: String) -> String {
        Failure(code: code, status: status, message: message, exitCode: .usage).json.text + "\n"
    }
}
