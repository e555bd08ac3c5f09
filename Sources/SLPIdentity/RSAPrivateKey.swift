import CCrypto

/// An RSA private key from PKCS#8 PEM (a Google service account's `private_key`), signing RS256
/// (RSASSA-PKCS1-v1_5 with SHA-256), all by libcrypto. Never printed: `description` hides it.
/// Sendable by hand: libcrypto's key is only read once loaded, and each signature has its own context.
package final class RSAPrivateKey: @unchecked Sendable, CustomStringConvertible {
    private let key: OpaquePointer

    /// The key `pem` holds; nil when it is not an unencrypted PKCS#8 RSA key of at least
    /// `RSAPublicKey.minimumBits`.
    package init?(pkcs8PEM pem: String) {
        CryptoLibrary.prepare()
        var text = Array(pem.utf8)
        guard !text.isEmpty, text.count <= 64 * 1024 else { return nil }
        let parsed: OpaquePointer? = text.withUnsafeMutableBytes { bytes in
            guard let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(bytes.count)) else { return nil }
            defer { BIO_free(bio) }
            // No password callback and an empty password: an encrypted key is refused, never prompted for.
            return "".withCString { PEM_read_bio_PrivateKey(bio, nil, nil, UnsafeMutableRawPointer(mutating: $0)) }
        }
        // Wipe the PEM's copy and what a failed parse left on this thread's error queue.
        text.withUnsafeMutableBytes { OPENSSL_cleanse($0.baseAddress, $0.count) }
        ERR_clear_error()
        guard let parsed = RSAPublicKey.strongRSA(parsed) else { return nil }
        key = parsed
    }

    deinit { EVP_PKEY_free(key) }

    package var description: String { "RSAPrivateKey(hidden)" }

    /// The RS256 signature of `data`.
    package func sign(rs256 data: [UInt8]) throws(CryptoError) -> [UInt8] {
        guard let context = EVP_MD_CTX_new() else { throw CryptoError("RS256 signing failed") }
        defer {
            EVP_MD_CTX_free(context)
            ERR_clear_error()
        }
        var signature = [UInt8](repeating: 0, count: Int(EVP_PKEY_get_size(key)))
        var length = signature.count
        let signed = EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1
            && data.withUnsafeBufferPointer { EVP_DigestSign(context, &signature, &length, $0.baseAddress, $0.count) } == 1
        guard signed, length <= signature.count else { throw CryptoError("RS256 signing failed") }
        return Array(signature[..<length])
    }
}
