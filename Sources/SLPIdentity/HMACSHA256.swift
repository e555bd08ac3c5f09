import CCrypto

/// HMAC-SHA-256 (RFC 2104), by libcrypto: the signature of slp's own tokens (HS256).
package enum HMACSHA256 {
    package static let size = 32

    package static func mac(key: [UInt8], _ data: [UInt8]) throws(CryptoError) -> [UInt8] {
        CryptoLibrary.prepare()
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let done = key.withUnsafeBufferPointer { key in
            data.withUnsafeBufferPointer { data in
                HMAC(EVP_sha256(), key.baseAddress, Int32(key.count), data.baseAddress, data.count, &output, &length)
            }
        }
        guard done != nil, Int(length) == size else { throw CryptoError("HMAC-SHA-256 failed") }
        return Array(output.prefix(size))
    }
}
