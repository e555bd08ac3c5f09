import CCrypto

/// The RSA public key of an X.509 certificate (Google's securetoken certificates), checking
/// RS256 signatures (RSASSA-PKCS1-v1_5 with SHA-256), all by libcrypto.
final class RSAPublicKey {
    /// Firebase's keys are 2048 bits; nothing weaker is trusted.
    static let minimumBits: Int32 = 2048

    private let key: OpaquePointer

    /// The key of the PEM certificate `pem`; nil when it is not a certificate with an RSA key
    /// of at least `minimumBits`.
    init?(certificatePEM pem: String) {
        CryptoLibrary.prepare()
        var text = Array(pem.utf8)
        guard !text.isEmpty, text.count <= 64 * 1024 else { return nil }
        let parsed: OpaquePointer? = text.withUnsafeMutableBytes { bytes in
            guard let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(bytes.count)) else { return nil }
            defer { BIO_free(bio) }
            guard let certificate = PEM_read_bio_X509(bio, nil, nil, nil) else { return nil }
            defer { X509_free(certificate) }
            return X509_get_pubkey(certificate)
        }
        // What a failed parse left on this thread's error queue is of no use to anyone.
        ERR_clear_error()
        guard let parsed = RSAPublicKey.strongRSA(parsed) else { return nil }
        key = parsed
    }

    deinit { EVP_PKEY_free(key) }

    /// `parsed` when it is an RSA key of at least `minimumBits`; otherwise it is freed and nil.
    static func strongRSA(_ parsed: OpaquePointer?) -> OpaquePointer? {
        guard let parsed else { return nil }
        guard EVP_PKEY_get_base_id(parsed) == EVP_PKEY_RSA, EVP_PKEY_get_bits(parsed) >= minimumBits else {
            EVP_PKEY_free(parsed)
            return nil
        }
        return parsed
    }

    /// Whether `signature` is this key's RS256 signature of `data`.
    func verifies(_ signature: [UInt8], of data: [UInt8]) -> Bool {
        guard signature.count == Int(EVP_PKEY_get_size(key)), let context = EVP_MD_CTX_new() else { return false }
        defer {
            EVP_MD_CTX_free(context)
            ERR_clear_error()
        }
        guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key) == 1 else { return false }
        return signature.withUnsafeBufferPointer { signature in
            data.withUnsafeBufferPointer { data in
                EVP_DigestVerify(context, signature.baseAddress, signature.count, data.baseAddress, data.count) == 1
            }
        }
    }
}
