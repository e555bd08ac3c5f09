import CCrypto

/// libcrypto, set up once per process before its first use: without reading the system's
/// `openssl.cnf`, without loading its error texts, and without listing every legacy cipher and
/// digest by name (which the first algorithm fetch then copies, name by name). slp asks only
/// for the default provider's HMAC-SHA-256, RSA over SHA-256, X.509 parsing and random bytes,
/// by their standard names, and never shows libcrypto's error texts; for a process that
/// answers one request (a CGI program) these were most of its instructions (docs/PERFORMANCE.md).
enum CryptoLibrary {
    static let prepared: Bool = OPENSSL_init_crypto(
        UInt64(OPENSSL_INIT_NO_LOAD_CONFIG | OPENSSL_INIT_NO_LOAD_CRYPTO_STRINGS | OPENSSL_INIT_NO_ADD_ALL_CIPHERS
            | OPENSSL_INIT_NO_ADD_ALL_DIGESTS), nil) == 1

    /// Call before any other libcrypto function.
    static func prepare() {
        _ = prepared
    }
}
