/// What lighttpd answers by itself, before slp sees a request (a malformed request line, a POST
/// without a length, headers or a body too large, an unknown method, a worker gone), as slp's
/// JSON error object instead of lighttpd's HTML: one file per status, which lighttpd sends as
/// its error document (`server.errorfile-prefix`).
enum LighttpdErrorPages {
    /// The statuses lighttpd may answer with itself, each with slp's code and message for it.
    static let pages: [HTTPRefusal] = [
        HTTPRefusal(status: 400, code: "bad_request", message: "the request is malformed"),
        HTTPRefusal(status: 403, code: "forbidden", message: "the web server refused the request"),
        HTTPRefusal(status: 404, code: "not_found", message: "no such path"),
        HTTPRefusal(status: 405, code: "method_not_allowed", message: "this path does not take that method"),
        HTTPRefusal(status: 408, code: "request_timeout", message: "the request came too slowly"),
        HTTPRefusal(status: 411, code: "length_required", message: "a POST needs a Content-Length header (Content-Length: 0 for an empty form)"),
        HTTPRefusal(status: 413, code: "request_too_large", message: "the request body is larger than \(LighttpdConfiguration.maxRequestKiB) KiB (\(LighttpdConfiguration.hubRequestKiB) KiB to the realtime hub)"),
        RequestSizeScript.uriTooLong,
        HTTPRefusal(status: 416, code: "range_not_satisfiable", message: "the range asked for is not in the answer"),
        HTTPRefusal(status: 417, code: "expectation_failed", message: "the web server cannot meet the request's Expect header"),
        HTTPRefusal(status: 421, code: "misdirected_request", message: "the request was sent to the wrong server"),
        HTTPRefusal(status: 426, code: "upgrade_required", message: "the request needs another protocol"),
        RequestSizeScript.headersTooLarge,
        HTTPRefusal(status: 500, code: "internal_error", message: "internal error"),
        HTTPRefusal(status: 501, code: "not_implemented", message: "the web server does not know that method"),
        HTTPRefusal(status: 502, code: "bad_gateway", message: "slp did not answer the web server"),
        HTTPRefusal(status: 503, code: "service_unavailable", message: "the service is busy; try again"),
        HTTPRefusal(status: 504, code: "gateway_timeout", message: "slp did not answer the web server in time"),
        HTTPRefusal(status: 505, code: "http_version_not_supported", message: "the web server does not speak that version of HTTP"),
    ]

    /// What lighttpd answers when no worker does: none could be reached, one failed, or none answered in time.
    static let gatewayStatuses = [502, 503, 504]
}
