import CCurl
import SLPSupport

/// What every transfer is set up with: TLS verified against the system's CAs (or the bundle
/// `SSL_CERT_FILE` or `CURL_CA_BUNDLE` names, as curl's own tool reads them), HTTP/2 over TLS
/// waiting to share a connection rather than opening one per request, and bounded in time.
struct CurlSettings: Sendable {
    /// A CA bundle replacing the system's; nil: libcurl's built-in default.
    let caFile: String?
    let connectTimeout: Duration
    let timeout: Duration

    init(caFile: String?, connectTimeout: Duration = .seconds(10), timeout: Duration = .seconds(30)) {
        self.caFile = caFile
        self.connectTimeout = connectTimeout
        self.timeout = timeout
    }

    /// The settings the environment asks for.
    static func fromEnvironment() -> CurlSettings {
        let named = [EnvironmentVariables.value(of: "SSL_CERT_FILE"), EnvironmentVariables.value(of: "CURL_CA_BUNDLE")]
        return CurlSettings(caFile: named.compactMap { $0 }.first { !$0.isEmpty })
    }

    /// Sets `handle` up; false when libcurl refuses an option.
    func apply(to handle: UnsafeMutableRawPointer) -> Bool {
        var ok = slp_curl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1) == CURLE_OK
            && slp_curl_easy_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1) == CURLE_OK
            && slp_curl_easy_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2) == CURLE_OK
            && slp_curl_easy_setopt_long(handle, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS)) == CURLE_OK
            && slp_curl_easy_setopt_long(handle, CURLOPT_PIPEWAIT, 1) == CURLE_OK
            && "http,https".withCString { slp_curl_easy_setopt_pointer(handle, CURLOPT_PROTOCOLS_STR, $0) } == CURLE_OK
            && slp_curl_easy_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(connectTimeout)) == CURLE_OK
            && slp_curl_easy_setopt_long(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(timeout)) == CURLE_OK
        if let caFile {
            ok = ok && caFile.withCString { slp_curl_easy_setopt_pointer(handle, CURLOPT_CAINFO, $0) } == CURLE_OK
        }
        return ok
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
