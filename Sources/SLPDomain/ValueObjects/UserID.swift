
/// A user's public identifier: random, unique, never derived from the phone number.
public struct UserID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Letters and digits only, at most 64 characters.
    public let rawValue: String

    /// Length of generated identifiers (as Firebase uids in SLP).
    public static let generatedLength = 28

    /// Accepts 1–64 ASCII letters or digits.
    public init(_ rawValue: String) throws {
        guard (1...64).contains(rawValue.utf8.count),
              rawValue.utf8.allSatisfy({ $0.isASCIIAlphanumeric }) else {
            throw DomainError.invalid("invalid_uid", "a uid is 1 to 64 letters or digits")
        }
        self.rawValue = rawValue
    }

    /// A fresh random identifier drawn from `generator`.
    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> UserID {
        // Written in place: seeding draws a million of these.
        let text = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: generatedLength) { bytes in
            alphabet.withUnsafeBufferPointer { alphabet in
                for index in 0..<generatedLength {
                    bytes[index] = alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        // Only ASCII letters and digits were drawn, so this cannot fail.
        return UserID(validated: text)
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// An identifier that passed `init(_:)` before (read back from storage).
    @_spi(Storage) public init(validated rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static func < (lhs: UserID, rhs: UserID) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension UInt8 {
    var isASCIIAlphanumeric: Bool {
        (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
    }
}
