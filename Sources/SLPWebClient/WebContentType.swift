/// The `Content-Type` of a file the web client serves, by its name's ending: what browsers need
/// to run a script or apply a stylesheet (with `X-Content-Type-Options: nosniff` they guess nothing).
package enum WebContentType {
    /// Each ending (with its dot) and its type; lighttpd is given the same list.
    package static let byEnding: [(ending: String, type: String)] = [
        (".html", "text/html; charset=utf-8"),
        (".js", "text/javascript; charset=utf-8"),
        (".mjs", "text/javascript; charset=utf-8"),
        (".css", "text/css; charset=utf-8"),
        (".json", "application/json; charset=utf-8"),
        (".map", "application/json; charset=utf-8"),
        (".svg", "image/svg+xml"),
        (".png", "image/png"),
        (".ico", "image/x-icon"),
        (".webmanifest", "application/manifest+json"),
        (".txt", "text/plain; charset=utf-8"),
        (".woff2", "font/woff2"),
    ]

    /// What a file with no known ending is served as: bytes a browser does not run.
    package static let other = "application/octet-stream"

    package static func of(_ path: String) -> String {
        let name = path.lowercased()
        return byEnding.first { name.hasSuffix($0.ending) }?.type ?? other
    }
}
