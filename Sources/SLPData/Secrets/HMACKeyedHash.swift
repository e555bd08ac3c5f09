import SLPDomain
import SLPIdentity

/// HMAC-SHA-256 under one of the service's keys, by libcrypto.
struct HMACKeyedHash: KeyedHash {
    private let key: HMACSHA256Key

    init(key: [UInt8]) throws(CryptoError) {
        self.key = try HMACSHA256Key(key)
    }

    func digest(_ message: [UInt8]) -> [UInt8] {
        do {
            return try key.mac(message)
        } catch {
            // libcrypto fails at this only when it cannot allocate a few hundred bytes.
            preconditionFailure("HMAC-SHA-256 failed")
        }
    }
}
