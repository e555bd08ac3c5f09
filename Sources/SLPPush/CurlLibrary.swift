import CCurl
import SLPIdentity

/// libcurl's global state, set up once per process before the first handle (it is not thread
/// safe to do so later, alongside transfers).
enum CurlLibrary {
    static let prepared: Bool = {
        // slp's libcrypto set-up may come first in this process (a service account read).
        CryptoLibrary.prepareForTLS()
        return curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK
    }()

    static func prepare() {
        _ = prepared
    }
}
