import SLPDomain
import SLPIdentity

/// How a phone number is kept where only finding it again is needed (the sanctions and reports
/// of withdrawn accounts): HMAC-SHA-256 of its E.164 form under a key made once per service and
/// kept in `secrets`, so that the stored text names no number to anyone without the database's key.
enum PhoneKey {
    /// The name of the key in `secrets`.
    static let secretName = "phone-key"
    /// 256 bits, as long as the hash.
    static let keyLength = 32

    /// The keyed hash of `phone` under `key`, as lowercase hex.
    static func of(_ phone: PhoneNumber, key: [UInt8]) throws -> String {
        try of(e164: phone.e164, key: key)
    }

    /// The keyed hash of the number written `e164` (as stored) under `key`, as lowercase hex.
    static func of(e164: String, key: [UInt8]) throws -> String {
        SecretText.hex(try HMACSHA256.mac(key: key, Array(e164.utf8)))
    }
}
