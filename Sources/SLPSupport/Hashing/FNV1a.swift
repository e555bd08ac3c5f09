/// FNV-1a (64 bits): a small, fast hash for the short byte strings hash tables here hold.
///
/// Public and `@inlinable` for the reason `ByteStringTable` gives.
public enum FNV1a {
    @inlinable
    public static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    public static func hash(_ text: String) -> UInt64 {
        text.utf8.withContiguousStorageIfAvailable(hash) ?? Array(text.utf8).withUnsafeBufferPointer(hash)
    }
}
