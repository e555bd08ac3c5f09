/// One HTTP request as the web server handed it over (RFC 3875): its variables and body.
struct CGIRequest: Equatable, Sendable {
    var method: String
    /// The path asked for, as the server decoded it (`/v1/user`).
    var path: String
    /// The query, still form-encoded (`lastchatDate=2000-01-01T00%3A00%3A00.000Z`).
    var query: String
    var contentType: String?
    var body: [UInt8]
    /// The `idtoken` header: a secret, never shown.
    var idToken: String?
    /// The status slp is the handler for (lighttpd: 403 or 404 for its 404 handler, else 200).
    var redirectStatus: Int?
    /// The target as the client sent it, query and all (`REQUEST_URI`): for an error handler,
    /// what was first asked for rather than the handler's own path.
    var requestURI: String? = nil
}
