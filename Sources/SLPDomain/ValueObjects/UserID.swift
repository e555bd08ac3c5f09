import SLPSupport

/// A user's public identifier: random, unique, never derived from the phone number.
public struct UserID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Kept in place rather than as a heap `String`: every generated uid has 28 bytes, and a
    /// search makes thousands of them.
    package let text: InlineASCII

    /// Letters and digits only, at most 64 characters.
    public var rawValue: String { text.string }

    /// Length of generated identifiers (as Firebase uids in SLP).
    public static let generatedLength = 28

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// Accepts 1–64 ASCII letters or digits.
    public init(_ rawValue: String) throws {
        guard (1...64).contains(rawValue.utf8.count), rawValue.utf8.allSatisfy({ UserID.isAllowed($0) }) else {
            throw DomainError.invalid("invalid_uid", "a uid is 1 to 64 letters or digits")
        }
        text = InlineASCII(rawValue)
    }

    /// An identifier that passed `init(_:)` before (read back from storage).
    package init(stored rawValue: String) {
        text = InlineASCII(rawValue)
    }

    /// An identifier whose text passed `init(_:)` before (read back from storage).
    package init(stored text: InlineASCII) {
        self.text = text
    }

    /// A fresh random identifier drawn from `generator`.
    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> UserID {
        let bytes = (0..<generatedLength).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
        return UserID(stored: InlineASCII(bytes))
    }

    public var description: String { rawValue }

    /// Byte order, as String orders ASCII text.
    public static func < (lhs: UserID, rhs: UserID) -> Bool { lhs.text < rhs.text }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
