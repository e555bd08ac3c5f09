/// A keyed hash (a pseudo-random function) under a key only the service holds: the same
/// message always gives the same digest of at least 8 bytes, and without the key nobody can
/// tell digests from random bytes or work the key out from any number of them.
public protocol KeyedHash: Sendable {
    func digest(_ message: [UInt8]) -> [UInt8]
}
