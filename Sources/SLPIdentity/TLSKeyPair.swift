import CCrypto

/// The PEM files HTTPS is served with (`slp serve --tls-cert --tls-key`): a certificate, then
/// any intermediate certificates of its chain, and the private key of the first. Checked by
/// libcrypto as lighttpd's mod_openssl will load them, so that a wrong file is one line before
/// serving rather than a server that does not start. Never keeps or shows the key.
package enum TLSKeyPair {
    /// A chain is a few kilobytes, a key less.
    static let maxFileSize = 1024 * 1024

    /// Whether the certificate at `certificate` and the key at `key` can be served together.
    package static func check(certificate: String, key: String) throws(TLSKeyPairError) {
        CryptoLibrary.prepare()
        defer { ERR_clear_error() }
        var certificateText = try read(certificate, .certificate)
        guard let leaf = parse(&certificateText, { bio in PEM_read_bio_X509(bio, nil, nil, nil) }) else {
            throw TLSKeyPairError(.certificate, "the certificate file holds no PEM certificate")
        }
        defer { X509_free(leaf) }
        var keyText = try read(key, .key)
        defer { keyText.withUnsafeMutableBytes { OPENSSL_cleanse($0.baseAddress, $0.count) } }
        // No password callback and an empty password: an encrypted key is refused, never prompted for.
        let privateKey = parse(&keyText) { bio in
            "".withCString { PEM_read_bio_PrivateKey(bio, nil, nil, UnsafeMutableRawPointer(mutating: $0)) }
        }
        guard let privateKey else { throw TLSKeyPairError(.key, "the key file holds no unencrypted PEM private key") }
        defer { EVP_PKEY_free(privateKey) }
        guard X509_check_private_key(leaf, privateKey) == 1 else {
            throw TLSKeyPairError(.key, "the private key does not match the certificate (the first in the certificate file)")
        }
    }

    private static func read(_ path: String, _ file: TLSKeyPairError.File) throws(TLSKeyPairError) -> [UInt8] {
        do {
            return try SmallFile.contents(path: path, limit: maxFileSize)
        } catch {
            switch error {
            case .unreadable(let reason): throw TLSKeyPairError(file, "the \(file) file cannot be read (\(reason))")
            case .tooLarge: throw TLSKeyPairError(file, "the \(file) file is larger than \(maxFileSize / 1024) KiB")
            }
        }
    }

    /// What `read` makes of the first PEM object of its kind in `text`.
    private static func parse(_ text: inout [UInt8], _ read: (OpaquePointer) -> OpaquePointer?) -> OpaquePointer? {
        guard !text.isEmpty else { return nil }
        return text.withUnsafeMutableBytes { bytes in
            guard let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(bytes.count)) else { return nil }
            defer { BIO_free(bio) }
            return read(bio)
        }
    }
}
