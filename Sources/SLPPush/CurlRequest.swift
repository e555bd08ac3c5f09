/// One HTTPS POST for `CurlLoop`: its header lines as sent, never shown (one may hold a bearer token).
struct CurlRequest: Sendable {
    let url: String
    let headers: [String]
    let body: [UInt8]
}
