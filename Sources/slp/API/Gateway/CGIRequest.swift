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
    /// Set when the server runs slp as its handler for an error (lighttpd's 404 handler).
    var redirectStatus: Int?
}
