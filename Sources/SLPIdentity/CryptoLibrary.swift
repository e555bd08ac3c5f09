import CCrypto

/// libcrypto, set up once per process before its first use: without reading the system's
/// `openssl.cnf`, without loading its error texts, and without listing every legacy cipher and
/// digest by name (which the first algorithm fetch then copies, name by name). slp asks only
/// for the default provider's HMAC-SHA-256, RSA over SHA-256, X.509 parsing and random bytes,
/// by their standard names, and never shows libcrypto's error texts; for a process that
/// answers one request (a CGI program) these were most of its instructions (docs/PERFORMANCE.md).
package enum CryptoLibrary {
    static let prepared: Bool = OPENSSL_init_crypto(
        UInt64(OPENSSL_INIT_NO_LOAD_CONFIG | OPENSSL_INIT_NO_LOAD_CRYPTO_STRINGS | OPENSSL_INIT_NO_ADD_ALL_CIPHERS
            | OPENSSL_INIT_NO_ADD_ALL_DIGESTS), nil) == 1

    /// Call before any other libcrypto function.
    static func prepare() {
        _ = prepared
    }

    /// Before libcurl's TLS checks certificates in this process: the digests certificates are
    /// signed with, registered by name. `prepare` leaves them out, and libcrypto registers them
    /// once per process or never, so a chain checked after `prepare` would be refused as "too
    /// weak" (its digest unknown) unless they are added here.
    package static func prepareForTLS() {
        prepare()
        for digest in [EVP_sha1(), EVP_sha224(), EVP_sha256(), EVP_sha384(), EVP_sha512()] {
            _ = EVP_add_digest(digest)
        }
    }
}
