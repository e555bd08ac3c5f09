/// What serve refuses by size on a request's head, as a script lighttpd runs on each request
/// once its head is in (`mod_magnet`), before the connection limit and slp: a path and query
/// over `targetBytes` is 414 `uri_too_long`, a head (request line and headers) over `headBytes`
/// 431 `headers_too_large`, each slp's JSON error object.
///
/// lighttpd 1.4.69 itself knows only the size of a whole head (`server.max-request-field-size`)
/// and refuses one past it 431 before it reads the request line, so a long URL would be told
/// as too large headers. So lighttpd reads heads up to `readBytes` and leaves the telling to
/// this script; only a head past `readBytes` is lighttpd's own 431, unread.
enum RequestSizeScript {
    /// A request's path and query at most, in bytes, as sent.
    static let targetBytes = 8_192
    /// A request's head at most, in bytes, with its request line.
    static let headBytes = 8_192
    /// The heads lighttpd reads at most: twice ours (a connection holds at most this much of a
    /// head), so that a URL well past `targetBytes` is still told as one.
    static let readBytes = 16_384

    static let uriTooLong = HTTPRefusal(status: 414, code: "uri_too_long", message: "the request's path and query are too long")
    static let headersTooLarge = HTTPRefusal(status: 431, code: "headers_too_large", message: "the request's headers are too large")

    /// The script, its refusals worded by `errorObject` (slp's JSON error object).
    static func text(errorObject: (HTTPRefusal) -> String) -> String {
        """
        -- slp serve: a path and query over \(targetBytes) bytes is 414, a head over \(headBytes) is 431.
        \(MagnetRefusal.prelude)
        local request = lighty.r
        if #request.req_attr["request.orig-uri"] > \(targetBytes) then
          \(MagnetRefusal.returning(uriTooLong, errorObject: errorObject))
        end
        if request.req_item.req_header_len > \(headBytes) then
          \(MagnetRefusal.returning(headersTooLarge, errorObject: errorObject))
        end
        return 0

        """
    }
}
