/// What came back for a `CurlRequest`: a status and at most `CurlTransfer.maxBody` bytes of its
/// body, or the network fault (curl's own words for its error code, naming no URL or secret).
enum CurlReply: Sendable {
    case response(status: Int, retryAfter: Duration?, body: [UInt8])
    case failed(String)
}
