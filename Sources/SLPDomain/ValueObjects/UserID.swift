/// A user's public identifier: random, unique, never derived from the phone number.
public struct UserID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Letters and digits only, at most 64 characters.
    public let rawValue: String

    /// Length of generated identifiers (as Firebase uids in SLP).
    public static let generatedLength = 28

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// Accepts 1–64 ASCII letters or digits.
    public init(_ rawValue: String) throws {
        guard (1...64).contains(rawValue.utf8.count), rawValue.utf8.allSatisfy(UserID.isAllowed) else {
            throw DomainError.invalid("invalid_uid", "a uid is 1 to 64 letters or digits")
        }
        self.rawValue = rawValue
    }

    /// An identifier that passed `init(_:)` before (read back from storage).
    package init(stored rawValue: String) {
        self.rawValue = rawValue
    }

    /// A fresh random identifier drawn from `generator`.
    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> UserID {
        let bytes = (0..<generatedLength).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
        return UserID(stored: String(decoding: bytes, as: UTF8.self))
    }

    public var description: String { rawValue }

    /// Byte order: uids are ASCII, where String orders by bytes.
    public static func < (lhs: UserID, rhs: UserID) -> Bool { lhs.rawValue < rhs.rawValue }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
