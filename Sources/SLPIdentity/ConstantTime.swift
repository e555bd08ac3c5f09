import CCrypto

/// Comparison of secrets in time that does not depend on where they differ (libcrypto's
/// CRYPTO_memcmp), so a forger learns nothing from how fast a guess is refused.
enum ConstantTime {
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        return a.withUnsafeBytes { a in b.withUnsafeBytes { b in CRYPTO_memcmp(a.baseAddress, b.baseAddress, a.count) == 0 } }
    }
}
