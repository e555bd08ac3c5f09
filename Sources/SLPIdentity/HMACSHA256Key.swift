import CCrypto
import Synchronization

/// HMAC-SHA-256 under one key, many messages: libcrypto's context is set up with the key once
/// and only reset between messages, where `HMACSHA256.mac` looks the algorithm up and hashes
/// the key again each time (most of its cost for a short message: seeding hashes one per cell).
/// Sendable by hand: the context is only ever touched under `lock`.
package final class HMACSHA256Key: @unchecked Sendable {
    private let context: OpaquePointer
    /// Held while the context is reset and used: one message at a time.
    private let lock = Mutex(())

    package init(_ key: [UInt8]) throws(CryptoError) {
        CryptoLibrary.prepare()
        guard let mac = EVP_MAC_fetch(nil, "HMAC", nil) else { throw CryptoError("HMAC is not available") }
        defer { EVP_MAC_free(mac) }
        guard let context = EVP_MAC_CTX_new(mac) else { throw CryptoError("HMAC-SHA-256 failed") }
        let initialised = "digest".withCString { name in
            "SHA256".withCString { digest in
                var parameters = [
                    OSSL_PARAM_construct_utf8_string(name, UnsafeMutablePointer(mutating: digest), 0), OSSL_PARAM_construct_end(),
                ]
                return key.withUnsafeBufferPointer { key in EVP_MAC_init(context, key.baseAddress, key.count, &parameters) }
            }
        }
        guard initialised == 1 else {
            EVP_MAC_CTX_free(context)
            throw CryptoError("HMAC-SHA-256 failed")
        }
        self.context = context
    }

    deinit {
        EVP_MAC_CTX_free(context)
    }

    /// The 32-byte HMAC of `data`.
    package func mac(_ data: [UInt8]) throws(CryptoError) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: HMACSHA256.size)
        var length = 0
        let done = lock.withLock { _ in
            // A null key starts a new message under the key already set.
            EVP_MAC_init(context, nil, 0, nil) == 1
                && data.withUnsafeBufferPointer { EVP_MAC_update(context, $0.baseAddress, $0.count) } == 1
                && EVP_MAC_final(context, &output, &length, output.count) == 1
        }
        guard done, length == HMACSHA256.size else { throw CryptoError("HMAC-SHA-256 failed") }
        return output
    }
}
