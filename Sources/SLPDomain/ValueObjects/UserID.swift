
/// A user's public identifier: random, unique, never derived from the phone number.
public struct UserID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Up to 32 bytes are kept in place, zero-padded (a uid byte is never zero), longer ones as a
    /// String. Every generated uid has 28, and search makes thousands of them: a String that long
    /// would be a heap allocation each. The choice depends on the length only, so equal uids
    /// always have equal storage.
    @usableFromInline enum Storage: Hashable, Sendable {
        case inline(UInt64, UInt64, UInt64, UInt64)
        case text(String)
    }

    @usableFromInline let storage: Storage

    /// Letters and digits only, at most 64 characters.
    public var rawValue: String {
        switch storage {
        case .text(let text): return text
        case .inline: return withUTF8 { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// Length of generated identifiers (as Firebase uids in SLP).
    public static let generatedLength = 28

    /// The longest identifier kept in place.
    private static let inlineCapacity = 32

    /// Accepts 1–64 ASCII letters or digits.
    public init(_ rawValue: String) throws {
        guard (1...64).contains(rawValue.utf8.count),
              rawValue.utf8.allSatisfy({ $0.isASCIIAlphanumeric }) else {
            throw DomainError.invalid("invalid_uid", "a uid is 1 to 64 letters or digits")
        }
        self.init(validated: rawValue)
    }

    /// A fresh random identifier drawn from `generator`.
    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> UserID {
        // Written in place: seeding draws a million of these.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: generatedLength) { bytes in
            alphabet.withUnsafeBufferPointer { alphabet in
                for index in 0..<generatedLength {
                    bytes[index] = alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
                }
            }
            // Only ASCII letters and digits were drawn, so this cannot fail.
            return UserID(validatedUTF8: UnsafeBufferPointer(bytes))
        }
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// An identifier that passed `init(_:)` before (read back from storage).
    @_spi(Storage) public init(validated rawValue: String) {
        var rawValue = rawValue
        if rawValue.utf8.count <= Self.inlineCapacity {
            self = rawValue.withUTF8 { UserID(validatedUTF8: $0) }
        } else {
            storage = .text(rawValue)
        }
    }

    /// An identifier whose bytes passed `init(_:)` before (read back from storage).
    @_spi(Storage) public init(validatedUTF8 utf8: UnsafeBufferPointer<UInt8>) {
        guard utf8.count <= Self.inlineCapacity else {
            storage = .text(String(decoding: utf8, as: UTF8.self))
            return
        }
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(utf8)) }
        // Read as big-endian, the first byte is the most significant: comparing the words in
        // order compares the bytes in order.
        storage = .inline(UInt64(bigEndian: words.0), UInt64(bigEndian: words.1), UInt64(bigEndian: words.2), UInt64(bigEndian: words.3))
    }

    /// Calls `body` with the identifier's ASCII bytes. Inlinable, so that callers in other
    /// modules (every card of a search result) get it specialized instead of generic.
    @inlinable
    public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        switch storage {
        case .text(var text):
            return try text.withUTF8(body)
        case let .inline(first, second, third, fourth):
            // The padding is zero bytes at the end, which no identifier contains.
            let count = fourth != 0 ? 32 - fourth.trailingZeroBitCount / 8
                : third != 0 ? 24 - third.trailingZeroBitCount / 8
                : second != 0 ? 16 - second.trailingZeroBitCount / 8
                : 8 - first.trailingZeroBitCount / 8
            var bytes: (UInt64, UInt64, UInt64, UInt64) = (first.bigEndian, second.bigEndian, third.bigEndian, fourth.bigEndian)
            return try withUnsafeBytes(of: &bytes) { raw in
                try body(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[..<count]))
            }
        }
    }

    public var description: String { rawValue }

    public static func < (lhs: UserID, rhs: UserID) -> Bool {
        if case let .inline(l0, l1, l2, l3) = lhs.storage, case let .inline(r0, r1, r2, r3) = rhs.storage {
            return (l0, l1, l2, l3) < (r0, r1, r2, r3)
        }
        // Byte order, as String orders ASCII text.
        return lhs.withUTF8 { left in rhs.withUTF8 { right in left.lexicographicallyPrecedes(right) } }
    }
}

extension UInt8 {
    var isASCIIAlphanumeric: Bool {
        (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
    }
}
