import CCurl

/// libcurl's global state, set up once per process before the first handle (it is not thread
/// safe to do so later, alongside transfers).
enum CurlLibrary {
    static let prepared: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    static func prepare() {
        _ = prepared
    }
}
