import SLPDomain
import SLPIdentity

/// HMAC-SHA-256 under one of the service's keys, by libcrypto.
struct HMACKeyedHash: KeyedHash {
    private let key: [UInt8]

    init(key: [UInt8]) {
        self.key = key
    }

    func digest(_ message: [UInt8]) -> [UInt8] {
        do {
            return try HMACSHA256.mac(key: key, message)
        } catch {
            // libcrypto fails at this only when it cannot allocate a few hundred bytes.
            preconditionFailure("HMAC-SHA-256 failed")
        }
    }
}
