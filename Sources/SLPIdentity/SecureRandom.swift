import CCrypto

/// Random bytes from libcrypto's generator (seeded by the operating system), for keys.
public enum SecureRandom {
    public static func bytes(_ count: Int) throws(CryptoError) -> [UInt8] {
        CryptoLibrary.prepare()
        var bytes = [UInt8](repeating: 0, count: count)
        guard RAND_bytes(&bytes, Int32(count)) == 1 else { throw CryptoError("no random bytes from libcrypto") }
        return bytes
    }
}
