import SLPDomain
import SLPSupport

/// A keyed hash for tests: the same message under the same key always gives the same 32 bytes,
/// and different keys (or cells) different ones; cheap, and nothing a service could rely on.
package struct TestKeyedHash: KeyedHash {
    private let key: UInt64

    package init(key: UInt64 = 49) {
        self.key = key
    }

    package func digest(_ message: [UInt8]) -> [UInt8] {
        // FNV-1a over the key and the message, then stretched.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ key
        for byte in message { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        var random = SplitMix64(seed: hash)
        return (0..<4).flatMap { _ in withUnsafeBytes(of: random.next()) { Array($0) } }
    }
}
